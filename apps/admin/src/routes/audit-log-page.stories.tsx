import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZAuditLogEntrySchema } from '@cadence/contracts/audit-log';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { storyAuditEntry } from '../test/admin-content-fixtures';
import { listHandler, listPageStates } from '../test/admin-story-fixtures';
import { AuditLogPage } from './audit-log-page';

const rows = listHandler('audit-log', ZAuditLogEntrySchema, () =>
  Array.from({ length: 20 }, (_, index) => storyAuditEntry(index + 1)),
);
const states = listPageStates({
  route: '/audit-log',
  endpoint: 'audit-log',
  rows,
  empty: listHandler('audit-log', ZAuditLogEntrySchema, () => []),
  emptyText: 'No admin changes recorded yet',
  rowText: 'roles.create',
});

/** /admin/audit-log: every admin write (`GET api/v1/audit-log`), who made it, the subject before and after. */
const meta = {
  title: 'AuditLogPage',
  component: AuditLogPage,
  decorators: [withRouter],
} satisfies Meta<typeof AuditLogPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Empty: Story = states.Empty;
export const FilteredNoResults: Story = states.FilteredNoResults;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;

/** "Show changes" opens the subject before and after the write. */
export const ChangesOpen: Story = {
  parameters: { route: '/audit-log', msw: [rows] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [summary] = await canvas.findAllByText('Show changes');
    await userEvent.click(summary!);
    expect(canvas.getAllByText(/"Old name"/).length).toBeGreaterThan(0);
  },
};
