import { signedOut, withBootstrap, withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { billingApi, storyBillingOverview, subscribedUser } from './billing-story-fixtures';
import { PricingPage } from './pricing-page';

/** Spec 2.8 `/pricing`: the Annual/Monthly toggle, the plan cards and the Contact us block. */
const meta = {
  title: 'Billing/PricingPage',
  component: PricingPage,
  decorators: [withRouter],
  parameters: { route: '/pricing', msw: [billingApi.products(), billingApi.overview()] },
} satisfies Meta<typeof PricingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A guest sees every plan with its yearly price; choosing one leads to sign-up. */
export const Guest: Story = {
  beforeEach: [signedOut],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByText('Premium')).toBeTruthy();
    expect(canvas.getByRole('radio', { name: /Annual/ }).getAttribute('aria-checked')).toBe('true');
    await userEvent.click(canvas.getByRole('radio', { name: 'Monthly' }));
    expect(canvas.getByRole('radio', { name: 'Monthly' }).getAttribute('aria-checked')).toBe('true');
  },
};

/** A subscriber's current plan is marked on its card. */
export const Subscriber: Story = {
  beforeEach: [
    withBootstrap((data) => ({ ...data, user: data.user && { ...data.user, ...subscribedUser } })),
  ],
  parameters: { msw: [billingApi.products(), billingApi.overview(() => storyBillingOverview('active'))] },
};

export const Loading: Story = { parameters: { msw: [billingApi.pending('products')] } };

export const NoPlans: Story = {
  parameters: { msw: [billingApi.products([])] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('There are no plans yet.')).toBeTruthy();
  },
};

export const LoadError: Story = {
  parameters: { msw: [billingApi.failing('get', 'products')] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('alert')).toBeTruthy();
  },
};
