import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { billingApi } from './billing-story-fixtures';
import { CheckoutDonePage } from './checkout-done-page';

/** Spec 2.8: the providers' done pages; the api confirms the session before the thanks. */
const meta = {
  title: 'Billing/CheckoutDonePage',
  component: CheckoutDonePage,
  decorators: [withRouter],
  args: { gateway: 'stripe' },
  parameters: {
    route: '/checkout/2/22/stripe/done?session_id=cs_123',
    routePath: '/checkout/:productId/:priceId/:gateway/done',
    msw: [billingApi.subscription('checkout/stripe/done'), billingApi.overview()],
  },
} satisfies Meta<typeof CheckoutDonePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Confirmed: Story = {
  play: async ({ canvasElement }) => {
    const message = await within(canvasElement).findByTestId('checkout-done-message');
    expect(message.textContent).toBe('You are now subscribed to Premium.');
  },
};

export const PayPalConfirmed: Story = {
  args: { gateway: 'paypal' },
  parameters: {
    route: '/checkout/2/22/paypal/done?subscription_id=I-123',
    msw: [billingApi.subscription('checkout/paypal/done'), billingApi.overview()],
  },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByTestId('checkout-done-message')).toBeTruthy();
  },
};

export const Confirming: Story = { parameters: { msw: [billingApi.pending('checkout/stripe/done')] } };

/** The provider does not know the session (or it is someone else's). */
export const NotConfirmed: Story = {
  parameters: {
    msw: [billingApi.failing('post', 'checkout/stripe/done', 404, 'This checkout session was not found.')],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect((await canvas.findByRole('alert')).textContent).toBe('This checkout session was not found.');
    expect(canvas.getByRole('link', { name: 'Back to plans' })).toBeTruthy();
  },
};
