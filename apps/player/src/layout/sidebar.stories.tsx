import { getBootstrapData, setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { LONG_NAME, storyPlaylist } from '@cadence/app-shell/test/story-fixtures';
import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZMenuSchema } from '@cadence/contracts/menu';
import { paginationSchema } from '@cadence/contracts/pagination';
import { ZPlaylistSchema } from '@cadence/contracts/playlist';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { Sidebar } from './sidebar';

// The seeded sidebar menus' shape (the appearance editor's menus), parsed with the contract.
const MENUS = fixture(ZMenuSchema.array(), [
  {
    id: 'primary',
    name: 'Sidebar',
    positions: ['sidebar-primary'],
    items: [
      { id: 'home', label: 'Discover', icon: 'compass', type: 'route', action: '/discover' },
      { id: 'search', label: 'Search', icon: 'search', type: 'route', action: '/search' },
      { id: 'radio', label: 'Radio', icon: 'radio', type: 'route', action: '/radio' },
    ],
  },
  {
    id: 'secondary',
    name: 'Your music',
    positions: ['sidebar-secondary'],
    items: [
      { id: 'library', label: 'Library', icon: 'library', type: 'route', action: '/library' },
      { id: 'history', label: 'History', icon: 'history', type: 'route', action: '/library/history' },
    ],
  },
]);

/** `GET api/v1/users/me/playlists`: the signed-in user's playlists under the menus. */
const myPlaylists = (count: number) =>
  http.get('*/api/v1/users/me/playlists', () => {
    const data = Array.from({ length: count }, (_, index) =>
      storyPlaylist(index + 1, { name: index === 1 ? LONG_NAME : `Playlist ${index + 1}` }),
    );
    return HttpResponse.json(
      fixture(paginationSchema(ZPlaylistSchema), {
        pagination: { data, current_page: 1, per_page: 100, total: count, last_page: 1 },
      }),
    );
  });

/** The player's desktop sidebar: logo, the two sidebar menus, the user's playlists. */
const meta = {
  title: 'Layout/Sidebar',
  component: Sidebar,
  decorators: [withRouter, (Story) => <div className="flex h-[640px]">{Story()}</div>],
  parameters: { route: '/discover', msw: [myPlaylists(6)] },
  beforeEach: () => {
    const before = getBootstrapData();
    setBootstrapData({ ...before, menus: MENUS });
    return () => setBootstrapData(before);
  },
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The current route's item is marked; the playlists load under the menus. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const main = canvas.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Discover' }).getAttribute('aria-current')).toBe('page');
    expect(await canvas.findByText('Playlist 1')).toBeTruthy();
  },
};

export const NoPlaylists: Story = { parameters: { msw: [myPlaylists(0)] } };

export const PlaylistsLoading: Story = {
  parameters: { msw: [http.get('*/api/v1/users/me/playlists', () => delay('infinite'))] },
};

export const Light: Story = { globals: { theme: 'light' } };
