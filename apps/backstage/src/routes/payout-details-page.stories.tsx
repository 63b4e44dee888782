import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { TPayoutDetailsAnswer } from '@cadence/contracts/payouts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { PayoutDetailsPage } from './payout-details-page';

const answer: TPayoutDetailsAnswer = {
  artist_id: 101,
  confirmed: {
    method: 'bank_transfer',
    payee_name: 'Night Owls Ltd',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
  },
  confirmed_at: '2026-11-02T10:00:00Z',
  pending: {
    details: { method: 'paypal', payee_name: 'Night Owls', paypal_email: 'owls@example.test' },
    requested_at: '2026-11-29T10:00:00Z',
    expires_at: '2026-11-30T10:00:00Z',
  },
};

/** `/backstage/artists/{id}/payout-details`: where the artist's payouts go; changes wait for the emailed link. */
const meta = {
  title: 'Backstage/PayoutDetailsPage',
  component: PayoutDetailsPage,
  decorators: [withRouter],
  parameters: {
    route: '/artists/101/payout-details',
    routePath: '/artists/:artistId/payout-details',
    msw: [http.get('*/api/v1/artists/:id/payout-details', () => HttpResponse.json(answer))],
  },
} satisfies Meta<typeof PayoutDetailsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InEffectAndWaiting: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('heading', { name: 'Payout details' })).toBeTruthy();
    expect(canvas.getByText('DE89370400440532013000')).toBeTruthy();
    expect(canvas.getByText(/A change is waiting for confirmation/)).toBeTruthy();
  },
};

/** The form checks the IBAN with the contract's rule before anything is sent. */
export const InvalidIban: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/Payee name/), 'Night Owls');
    await userEvent.type(canvas.getByLabelText(/IBAN/), 'DE00 1234');
    await userEvent.type(canvas.getByLabelText(/BIC/), 'COBADEFF');
    await userEvent.click(canvas.getByRole('button', { name: 'Save payout details' }));
    expect(await canvas.findByText('Enter a valid IBAN.')).toBeTruthy();
  },
};

/** The emailed link: the manager confirms the waiting change with one press. */
export const ConfirmFromEmail: Story = {
  parameters: { route: '/artists/101/payout-details?confirm=abc' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('heading', { name: 'Confirm the new payout details' })).toBeTruthy();
    expect(canvas.getByText('owls@example.test')).toBeTruthy();
    expect(canvas.getByRole('button', { name: 'Confirm payout details' })).toBeTruthy();
  },
};
