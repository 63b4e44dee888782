import { fixture } from '@cadence/app-shell/test/story-helpers';
import { ZProductAnswerSchema, ZProductInputSchema } from '@cadence/contracts/billing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { storyPlan } from '../../test/admin-billing-fixtures';
import {
  expectToast,
  failingHandler,
  findSpinner,
  pendingHandler,
  withRoutes,
} from '../../test/admin-story-fixtures';
import { PlanEditPage } from './plan-edit-page';

const plan = http.get('*/api/v1/billing/admin/products/2', () =>
  HttpResponse.json(fixture(ZProductAnswerSchema, { product: storyPlan(2) })),
);
/** `PUT api/v1/billing/admin/products/2` (POST with the method override): the body must parse. */
const saved = http.post('*/api/v1/billing/admin/products/2', async ({ request }) => {
  const body = ZProductInputSchema.parse(await request.json());
  return HttpResponse.json(fixture(ZProductAnswerSchema, { product: storyPlan(2, { name: body.name }) }));
});

/**
 * /admin/plans/new and /{productId}/edit: name, features, upload minutes, flags, the prices
 * (PlanPricesField: amount, currency, interval; archive a price with subscribers) and permissions.
 */
const meta = {
  title: 'Billing/PlanEditPage',
  component: PlanEditPage,
  decorators: [withRoutes],
  parameters: { path: '/plans/:productId/edit', route: '/plans/2/edit', msw: [plan, saved] },
} satisfies Meta<typeof PlanEditPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A paid plan with two prices (one paid by subscribers: archive, not remove); saved. */
export const Edit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = (await canvas.findByRole('textbox', { name: /^Name/ })) as HTMLInputElement;
    expect(name.value).toBe('Pro');
    expect(canvas.getByText(/3 subscribers pay this price/)).toBeTruthy();
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expectToast('Plan updated');
  },
};

/** A new paid plan without a name or price: the form says what is missing. */
export const NewInvalid: Story = {
  parameters: { path: '/plans/new', route: '/plans/new' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Create' }));
    expect(await canvas.findByText('A paid plan needs at least one price.')).toBeTruthy();
    expect(canvas.getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe('true');
  },
};

/** "Add price" adds a row of price fields. */
export const AddPrice: Story = {
  parameters: { path: '/plans/new', route: '/plans/new' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add price' }));
    expect(canvas.getByRole('button', { name: 'Remove price 1' })).toBeTruthy();
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('billing/admin/products/2')] },
  play: async ({ canvasElement }) => {
    await findSpinner(canvasElement);
  },
};

export const LoadError: Story = {
  parameters: { msw: [failingHandler('billing/admin/products/2')] },
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByRole('alert')).textContent).toContain(
      'This plan could not be loaded.',
    );
  },
};
