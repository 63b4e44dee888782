import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BillingPage } from './billing-page';
import { billingApi, storyBillingOverview } from './billing-story-fixtures';

/** Spec 2.8 `/billing`: the current plan and its status, the payment method, the payment history. */
const meta = {
  title: 'Billing/BillingPage',
  component: BillingPage,
  decorators: [withRouter],
  parameters: { route: '/billing', msw: [billingApi.overview()] },
} satisfies Meta<typeof BillingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Active: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect((await canvas.findByTestId('billing-status')).textContent).toBeTruthy();
    expect(canvas.getByTestId('billing-payment-method').textContent).toContain('Visa •••• 4242');
    expect(canvas.getAllByTestId('billing-invoice')).toHaveLength(2);
    expect(canvas.getByRole('link', { name: 'Cancel plan' })).toBeTruthy();
  },
};

/** Cancelled but still valid: the end date, and Renew instead of Cancel. */
export const Cancelled: Story = {
  parameters: { msw: [billingApi.overview(() => storyBillingOverview('cancelled'))] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('link', { name: 'Renew plan' })).toBeTruthy();
  },
};

/** The last payment failed: the warning. */
export const PastDue: Story = {
  parameters: { msw: [billingApi.overview(() => storyBillingOverview('past_due'))] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByTestId('billing-payment-failed')).toBeTruthy();
  },
};

/** A new subscription: no payment method on file and no payments yet. */
export const NoPaymentsYet: Story = {
  parameters: {
    msw: [billingApi.overview(() => storyBillingOverview('active', { payment_method: null, invoices: [] }))],
  },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('No payments yet.')).toBeTruthy();
  },
};

export const NoSubscription: Story = {
  parameters: { msw: [billingApi.overview(() => storyBillingOverview('none'))] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('link', { name: 'See plans' })).toBeTruthy();
  },
};

export const Loading: Story = { parameters: { msw: [billingApi.pending('subscription')] } };

export const LoadError: Story = {
  parameters: { msw: [billingApi.failing('get', 'subscription')] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('alert')).toBeTruthy();
  },
};
