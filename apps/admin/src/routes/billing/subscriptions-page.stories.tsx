import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZProductSchema, ZSubscriptionSchema } from '@cadence/contracts/billing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyPlan, storySubscription } from '../../test/admin-billing-fixtures';
import { listHandler, listPageStates } from '../../test/admin-story-fixtures';
import { SubscriptionsPage } from './subscriptions-page';

const plans = listHandler('billing/admin/products', ZProductSchema, () =>
  [1, 2, 3].map((id) => storyPlan(id)),
);
const rows = listHandler('billing/admin/subscriptions', ZSubscriptionSchema, () =>
  Array.from({ length: 20 }, (_, index) => storySubscription(index + 1)),
);
const states = listPageStates({
  route: '/subscriptions',
  endpoint: 'billing/admin/subscriptions',
  rows,
  empty: listHandler('billing/admin/subscriptions', ZSubscriptionSchema, () => []),
  emptyText: 'No subscriptions yet',
  rowText: 'listener2@example.com',
  extra: [plans],
});

/** /admin/subscriptions (`GET api/v1/billing/admin/subscriptions`): who pays for what, cancel/resume, grant. */
const meta = {
  title: 'Billing/SubscriptionsPage',
  component: SubscriptionsPage,
  decorators: [withRouter],
} satisfies Meta<typeof SubscriptionsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Empty: Story = states.Empty;
export const FilteredNoResults: Story = states.FilteredNoResults;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;

/** "Cancel" asks first; the confirmation takes focus. */
export const CancelConfirm: Story = {
  parameters: { route: '/subscriptions', msw: [rows, plans] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Cancel the subscription of listener1@example.com' }),
    );
    const dialog = await within(document.body).findByRole('alertdialog');
    expect(dialog.textContent).toContain('Cancel this subscription?');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  },
};
