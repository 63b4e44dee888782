import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZAdminPlaylistRowSchema } from '@cadence/contracts/admin-content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { range, storyPlaylistRow } from '../../test/admin-music-fixtures';
import { listHandler, listPageStates } from '../../test/admin-story-fixtures';
import { PlaylistsPage } from './playlists-page';

const states = listPageStates({
  route: '/playlists',
  endpoint: 'admin/playlists',
  rows: listHandler('admin/playlists', ZAdminPlaylistRowSchema, () => range(30).map(storyPlaylistRow)),
  empty: listHandler('admin/playlists', ZAdminPlaylistRowSchema, () => []),
  emptyText: 'No playlists yet',
  rowText: 'Road trip 2',
});

/** /admin/playlists (`GET api/v1/admin/playlists`): every playlist, its owner and privacy; make public/private, delete. */
const meta = {
  title: 'Music/PlaylistsPage',
  component: PlaylistsPage,
  decorators: [withRouter],
} satisfies Meta<typeof PlaylistsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Empty: Story = states.Empty;
export const FilteredNoResults: Story = states.FilteredNoResults;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;
