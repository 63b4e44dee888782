import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZPartyMessageListSchema } from '@cadence/contracts/party';
import { ZReportSchema } from '@cadence/contracts/report';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { range, storyReport } from '../../test/admin-music-fixtures';
import {
  expectToast,
  jsonHandler,
  listHandler,
  listPageStates,
  STAMP,
} from '../../test/admin-story-fixtures';
import { ReportsPage } from './reports-page';

const storyLine = (id: number, content: string, reports: number) => ({
  id,
  content,
  position_ms: null,
  track_position: null,
  user: { id: 700 + id, name: `Partygoer ${id}`, image: null },
  reactions: [],
  created_at: STAMP,
  report_count: reports,
  party_code: 'ABC234',
});
let partyLines = [storyLine(1, 'rude words', 3), storyLine(2, 'spam link', 1)];
const partyReports = jsonHandler('party-messages/reported', ZPartyMessageListSchema, () => ({
  data: partyLines,
}));

const states = listPageStates({
  route: '/reports',
  endpoint: 'reports',
  rows: listHandler('reports', ZReportSchema, () => range(30).map(storyReport)),
  empty: listHandler('reports', ZReportSchema, () => []),
  emptyText: 'No reports to review',
  rowText: 'Reported thing 2',
  // No reported chat lines here: the page's one table is the reports'.
  extra: [jsonHandler('party-messages/reported', ZPartyMessageListSchema, () => ({ data: [] }))],
});

/**
 * /admin/reports (`GET api/v1/reports`): what listeners reported, resolved by hiding, deleting or
 * dismissing; below, the reported party chat lines (`GET api/v1/party-messages/reported`).
 */
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

/** Reported party chat lines: Delete and Dismiss call the moderators' routes and reload the list. */
export const PartyChatLines: Story = {
  parameters: {
    route: '/reports',
    msw: [
      listHandler('reports', ZReportSchema, () => []),
      partyReports,
      // The client sends a DELETE as a POST with `_method=DELETE` (method override).
      http.post('*/api/v1/party-messages/:id', ({ params }) => {
        partyLines = partyLines.filter((line) => line.id !== Number(params.id));
        return HttpResponse.json({ message: 'Message deleted.' });
      }),
      http.post('*/api/v1/party-messages/:id/dismiss', ({ params }) => {
        partyLines = partyLines.filter((line) => line.id !== Number(params.id));
        return HttpResponse.json({ message: 'Reports dismissed.' });
      }),
    ],
  },
  beforeEach: () => {
    partyLines = [storyLine(1, 'rude words', 3), storyLine(2, 'spam link', 1)];
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByTestId('party-chat-reports');
    expect(within(table).getByText('rude words')).toBeTruthy();
    expect(within(table).getAllByText('ABC234')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete the line by Partygoer 1' }));
    await expectToast('Deleted');
    await waitFor(() => expect(canvas.queryByText('rude words')).toBeNull());
    await userEvent.click(
      canvas.getByRole('button', { name: 'Dismiss the reports of the line by Partygoer 2' }),
    );
    await expectToast('Dismissed');
    await canvas.findByText('No reported chat lines');
  },
};
