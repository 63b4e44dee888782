import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZBackstageRequestSchema } from '@cadence/contracts/backstage';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyBackstageRequest } from '../../test/admin-backstage-fixtures';
import { listHandler, listPageStates } from '../../test/admin-story-fixtures';
import { BackstageRequestsPage } from './backstage-requests-page';

const states = listPageStates({
  route: '/backstage-requests',
  endpoint: 'backstage-requests',
  rows: listHandler('backstage-requests', ZBackstageRequestSchema, () =>
    Array.from({ length: 12 }, (_, index) => storyBackstageRequest(index + 1)),
  ),
  empty: listHandler('backstage-requests', ZBackstageRequestSchema, () => []),
  emptyText: 'No requests yet',
  rowText: 'Aurora Lane 2',
});

/** /admin/backstage-requests (`GET api/v1/backstage-requests`): become, verify or claim an artist. */
const meta = {
  title: 'BackstageRequests/BackstageRequestsPage',
  component: BackstageRequestsPage,
  decorators: [withRouter],
} satisfies Meta<typeof BackstageRequestsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Empty: Story = states.Empty;
export const FilteredNoResults: Story = states.FilteredNoResults;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;
