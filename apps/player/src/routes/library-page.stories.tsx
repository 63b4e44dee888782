import {
  storyAlbum,
  storyArtist,
  storyPlaylist,
  storyTrack,
  storyTracks,
} from '@cadence/app-shell/test/story-fixtures';
import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZAlbumSchema } from '@cadence/contracts/album';
import { ZArtistSchema } from '@cadence/contracts/artist';
import { paginationSchema } from '@cadence/contracts/pagination';
import { ZHistoryItemSchema } from '@cadence/contracts/play';
import { ZPlaylistSchema } from '@cadence/contracts/playlist';
import { ZTrackSchema } from '@cadence/contracts/track';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { LibraryPage } from './library-page';

const page = <T,>(data: T[]) => ({
  pagination: { data, current_page: 1, per_page: 50, total: data.length, last_page: 1 },
});

/** The signed-in user's lists (`GET api/v1/users/me/...`), each page parsed with the api's response schema. */
const list = <S extends Parameters<typeof paginationSchema>[0]>(
  segment: string,
  schema: S,
  items: () => unknown[],
) =>
  http.get(`*/api/v1/users/me/${segment}`, () =>
    HttpResponse.json(fixture(paginationSchema(schema), page(items()) as never)),
  );

const api = (count = 6) => [
  list('liked-tracks', ZTrackSchema, () => storyTracks(count)),
  list('liked-albums', ZAlbumSchema, () => Array.from({ length: count }, (_, i) => storyAlbum(i + 1))),
  list('liked-artists', ZArtistSchema, () => Array.from({ length: count }, (_, i) => storyArtist(i + 1))),
  list('playlists', ZPlaylistSchema, () => Array.from({ length: count }, (_, i) => storyPlaylist(i + 1))),
  list('history', ZHistoryItemSchema, () =>
    storyTracks(count).map((track) => {
      const { id, name, duration, image, album, artists } = storyTrack(track.id);
      return { played_at: '2026-10-01T12:00:00.000Z', track: { id, name, duration, image, album, artists } };
    }),
  ),
];

/** `/library[/{section}]`: liked songs, playlists, albums, artists and the listening history. */
const meta = {
  title: 'Pages/LibraryPage',
  component: LibraryPage,
  decorators: [withRouter],
  parameters: { route: '/library', routePath: '/library/:section?', msw: api() },
} satisfies Meta<typeof LibraryPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LikedSongs: Story = {
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Song 1')).toBeTruthy();
  },
};

export const Playlists: Story = {
  parameters: { route: '/library/playlists' },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Playlist 1')).toBeTruthy();
  },
};

export const Albums: Story = { parameters: { route: '/library/albums' } };

export const Artists: Story = { parameters: { route: '/library/artists' } };

export const History: Story = {
  parameters: { route: '/library/history' },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Song 1')).toBeTruthy();
  },
};

export const Empty: Story = { parameters: { msw: api(0) } };

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/users/me/liked-tracks', () => delay('infinite'))] },
};
