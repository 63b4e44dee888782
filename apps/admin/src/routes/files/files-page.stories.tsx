import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZAdminFileEntrySchema, ZDiskUsageResponseSchema } from '@cadence/contracts/admin-files';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { storyDiskUsage, storyFileEntry } from '../../test/admin-logs-fixtures';
import { jsonHandler, listHandler, listPageStates } from '../../test/admin-story-fixtures';
import { FilesPage } from './files-page';

const usage = jsonHandler('file-entries/usage', ZDiskUsageResponseSchema, storyDiskUsage);
const rows = listHandler('file-entries', ZAdminFileEntrySchema, () =>
  Array.from({ length: 24 }, (_, index) => storyFileEntry(index + 1)),
);
const states = listPageStates({
  route: '/files',
  endpoint: 'file-entries',
  rows,
  empty: listHandler('file-entries', ZAdminFileEntrySchema, () => []),
  emptyText: 'No files yet',
  rowText: 'night-drive-1.mp3',
  extra: [usage],
});

/** /admin/files (`GET api/v1/file-entries`): every file with owner, size and disk; the storage used per disk. */
const meta = {
  title: 'FilesPage',
  component: FilesPage,
  decorators: [withRouter],
} satisfies Meta<typeof FilesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  ...states.Default,
  play: async (context) => {
    await states.Default.play(context);
    expect(within(context.canvasElement).getByRole('list', { name: 'Storage used' })).toBeTruthy();
  },
};
export const Empty: Story = states.Empty;
export const FilteredNoResults: Story = states.FilteredNoResults;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;
