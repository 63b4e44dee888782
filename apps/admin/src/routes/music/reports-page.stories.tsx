import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZReportSchema } from '@cadence/contracts/report';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { range, storyReport } from '../../test/admin-music-fixtures';
import { listHandler, listPageStates } from '../../test/admin-story-fixtures';
import { ReportsPage } from './reports-page';

const states = listPageStates({
  route: '/reports',
  endpoint: 'reports',
  rows: listHandler('reports', ZReportSchema, () => range(30).map(storyReport)),
  empty: listHandler('reports', ZReportSchema, () => []),
  emptyText: 'No reports to review',
  rowText: 'Reported thing 2',
});

/** /admin/reports (`GET api/v1/reports`): what listeners reported, resolved by hiding, deleting or dismissing. */
const meta = {
  title: 'Music/ReportsPage',
  component: ReportsPage,
  decorators: [withRouter],
} satisfies Meta<typeof ReportsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Empty: Story = states.Empty;
export const FilteredNoResults: Story = states.FilteredNoResults;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;
