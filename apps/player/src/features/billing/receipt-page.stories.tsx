import { withRouter, withSettings } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { billingApi } from './billing-story-fixtures';
import { ReceiptPage } from './receipt-page';

/** The printable receipt (`/billing/invoices/{uuid}`), with the invoice address and notes from settings. */
const meta = {
  title: 'Billing/ReceiptPage',
  component: ReceiptPage,
  decorators: [withRouter],
  beforeEach: [
    withSettings({
      billing: {
        invoice: {
          address: 'Cadence Music Ltd\n12 Harbour Street\nVilnius, Lithuania',
          notes: 'Thank you for listening with us.',
        },
      },
    }),
  ],
  parameters: {
    route: '/billing/invoices/0b9c2a4e-6f1d-4c3b-9a7e-000000000001',
    routePath: '/billing/invoices/:uuid',
    msw: [billingApi.receipt()],
  },
} satisfies Meta<typeof ReceiptPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Paid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByText('$99.90')).toBeTruthy();
    expect(canvas.getByRole('button', { name: 'Print' })).toBeTruthy();
    // billing.invoice.address and billing.invoice.notes are printed on every receipt.
    expect(canvas.getByText(/12 Harbour Street/)).toBeTruthy();
    expect(canvas.getByText('Thank you for listening with us.')).toBeTruthy();
  },
};

export const Loading: Story = { parameters: { msw: [billingApi.pending('invoices/:uuid')] } };

export const NotFound: Story = {
  parameters: { msw: [billingApi.failing('get', 'invoices/:uuid', 404, 'Not found.')] },
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByRole('alert')).textContent).toBe('Not found.');
  },
};
