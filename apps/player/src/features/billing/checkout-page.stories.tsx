import { withRouter, withSettings } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { billingApi } from './billing-story-fixtures';
import { CheckoutPage } from './checkout-page';

const bothGateways = withSettings({ billing: { stripe: { enable: true }, paypal: { enable: true } } });

/** Spec 2.8 `/checkout/{productId}/{priceId}`: the plan and price, then the provider to pay with. */
const meta = {
  title: 'Billing/CheckoutPage',
  component: CheckoutPage,
  decorators: [withRouter],
  beforeEach: [bothGateways],
  parameters: {
    route: '/checkout/2/22',
    routePath: '/checkout/:productId/:priceId',
    msw: [billingApi.products()],
  },
} satisfies Meta<typeof CheckoutPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const BothProviders: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect((await canvas.findByTestId('summary-plan')).textContent).toBe('Premium');
    expect(canvas.getByRole('button', { name: 'Pay by card' })).toBeTruthy();
    expect(canvas.getByRole('button', { name: 'Pay with PayPal' })).toBeTruthy();
  },
};

/** The long plan name wraps inside the summary. */
export const LongPlanName: Story = { parameters: { route: '/checkout/3/31' } };

export const NoProviderYet: Story = {
  beforeEach: [withSettings({ billing: { stripe: { enable: false }, paypal: { enable: false } } })],
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('No payment method is available yet.')).toBeTruthy();
  },
};

/** The provider declined to start: its message, and the buttons work again. */
export const StartFailed: Story = {
  parameters: {
    msw: [
      billingApi.products(),
      billingApi.failing('post', 'checkout/stripe', 422, 'Your card was declined.'),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Pay by card' }));
    expect((await canvas.findByRole('alert')).textContent).toBe('Your card was declined.');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Pay by card' })).toBeEnabled());
  },
};

/** An archived price or an unknown plan. */
export const NotAvailable: Story = {
  parameters: { route: '/checkout/2/999' },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('This plan is not available.')).toBeTruthy();
  },
};

export const Loading: Story = { parameters: { msw: [billingApi.pending('products')] } };
