import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { billingApi, storyBillingOverview } from './billing-story-fixtures';
import { ChangePaymentMethodDonePage, ChangePaymentMethodPage } from './payment-method-pages';

/** Spec 2.8 `/billing/change-payment-method` and its done page (the api checks the session). */
const meta = {
  title: 'Billing/PaymentMethodPages',
  component: ChangePaymentMethodPage,
  decorators: [withRouter],
  parameters: { route: '/billing/change-payment-method' },
} satisfies Meta<typeof ChangePaymentMethodPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Start: Story = {};

export const StartFailed: Story = {
  parameters: { msw: [billingApi.failing('post', 'payment-method')] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    expect(await canvas.findByRole('alert')).toBeTruthy();
  },
};

export const Done: Story = {
  render: () => <ChangePaymentMethodDonePage />,
  parameters: {
    route: '/billing/change-payment-method/done?session_id=cs_1',
    msw: [
      billingApi.overview(),
      http.post('*/api/v1/billing/payment-method/done', () => HttpResponse.json(storyBillingOverview())),
    ],
  },
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByRole('status')).textContent).toBe(
      'Your payment method has been updated.',
    );
  },
};

export const DoneChecking: Story = {
  render: () => <ChangePaymentMethodDonePage />,
  parameters: {
    route: '/billing/change-payment-method/done?session_id=cs_1',
    msw: [billingApi.pending('payment-method/done')],
  },
};

/** Opened without a session: nothing to confirm. */
export const DoneWithoutSession: Story = {
  render: () => <ChangePaymentMethodDonePage />,
  parameters: { route: '/billing/change-payment-method/done' },
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByRole('alert')).textContent).toBeTruthy();
  },
};
