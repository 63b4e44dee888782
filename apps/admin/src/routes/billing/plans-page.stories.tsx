import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZProductSchema } from '@cadence/contracts/billing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyPlan } from '../../test/admin-billing-fixtures';
import { listHandler, listPageStates } from '../../test/admin-story-fixtures';
import { PlansPage } from './plans-page';

const states = listPageStates({
  route: '/plans',
  endpoint: 'billing/admin/products',
  rows: listHandler('billing/admin/products', ZProductSchema, () => [1, 2, 3, 4].map((id) => storyPlan(id))),
  empty: listHandler('billing/admin/products', ZProductSchema, () => []),
  emptyText: 'No plans yet',
  rowText: 'Artist',
});

/** /admin/plans (`GET api/v1/billing/admin/products`): each plan, its prices, visibility and subscribers. */
const meta = {
  title: 'Billing/PlansPage',
  component: PlansPage,
  decorators: [withRouter],
} satisfies Meta<typeof PlansPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Empty: Story = states.Empty;
export const FilteredNoResults: Story = states.FilteredNoResults;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;
