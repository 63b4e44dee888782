import { LONG_NAME, storyPlaylist, storyTracks } from '@cadence/app-shell/test/story-fixtures';
import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { paginationSchema } from '@cadence/contracts/pagination';
import { ZPlaylistSchema } from '@cadence/contracts/playlist';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { expect, within } from 'storybook/test';
import { toPlayerTrack } from '../features/catalogue/to-player-track';
import { player } from '../features/player-ui/story-player';
import { PlayerLayout } from './player-layout';

/** The layout around a page: sidebar, top bar, the page, footer, the player bar (or the mobile player and menu). */
function LayoutWithPage() {
  return (
    <Routes>
      <Route element={<PlayerLayout />}>
        <Route
          path="*"
          element={
            <section className="p-6">
              <h1 className="text-3xl font-bold">Discover</h1>
              <p className="text-muted">The page of the route renders here.</p>
            </section>
          }
        />
      </Route>
    </Routes>
  );
}

const myPlaylists = http.get('*/api/v1/users/me/playlists', () =>
  HttpResponse.json(
    fixture(paginationSchema(ZPlaylistSchema), {
      pagination: {
        data: [storyPlaylist(1, { name: 'Night drives' }), storyPlaylist(2, { name: LONG_NAME })],
        current_page: 1,
        per_page: 100,
        total: 2,
        last_page: 1,
      },
    }),
  ),
);

/** The player app's frame (player-ux): what every listener page sits in. */
const meta = {
  title: 'Layout/PlayerLayout',
  component: LayoutWithPage,
  decorators: [withRouter],
  beforeEach: [player({ tracks: storyTracks(4).map((track) => toPlayerTrack(track)), isPlaying: false })],
  parameters: { route: '/discover', msw: [myPlaylists] },
} satisfies Meta<typeof LayoutWithPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  globals: { viewport: { value: 'desktop' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByRole('main')).toBeTruthy();
    expect(await canvas.findByText('Night drives')).toBeTruthy();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile' } } };

/** Nothing queued yet. */
export const NothingPlaying: Story = { beforeEach: [player()] };
