import { LONG_NAME, storyArtist, storySimilarArtists } from '@cadence/app-shell/test/story-fixtures';
import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { ArtistPage } from './artist-page';

const TOP_TRACKS = Array.from({ length: 5 }, (_, i) => ({
  id: i + 1,
  name: i === 1 ? LONG_NAME : `Top song ${i + 1}`,
  duration: 200_000 + i * 9_000,
  plays: 9000 - i * 800,
  image: null,
  artists: [{ id: 101, name: 'The Midnight Hours', slug: 'the-midnight-hours', image_small: null }],
}));

const ALBUMS = [
  {
    id: 201,
    name: 'Night Drive',
    slug: 'night-drive',
    image: null,
    release_date: '2026-09-01',
    record_type: 'album',
  },
  {
    id: 202,
    name: 'Morning After (EP)',
    slug: 'morning-after',
    image: null,
    release_date: '2025-03-14',
    record_type: 'ep',
  },
];

/** `GET api/v1/artists/{id}?with=albums,top_tracks,genres` (contract-parsed) and the similar artists. */
const api = (overrides: Record<string, unknown> = {}) => [
  http.get('*/api/v1/artists/:id/similar', () => HttpResponse.json(storySimilarArtists())),
  http.get('*/api/v1/artists/:id', () =>
    HttpResponse.json({
      artist: storyArtist(101, {
        name: 'The Midnight Hours',
        verified: true,
        description: 'A synth-pop trio from Vilnius.',
        country: 'LT',
        city: 'Vilnius',
        genres: [{ id: 1, name: 'synthpop', display_name: 'Synthpop' }],
        albums: ALBUMS,
        top_tracks: TOP_TRACKS,
        counts: { followers: 1204, likes: 310 },
        ...overrides,
      }),
    }),
  ),
];

/** `/artist/{id}/{slug}`: the header, popular tracks, albums and similar artists. */
const meta = {
  title: 'Pages/ArtistPage',
  component: ArtistPage,
  decorators: [withRouter],
  parameters: {
    route: '/artist/101/the-midnight-hours',
    routePath: '/artist/:artistId/:artistSlug',
    msw: api(),
  },
} satisfies Meta<typeof ArtistPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: /The Midnight Hours/ }),
    ).toBeTruthy();
  },
};

/** A new artist: no tracks, albums or similar artists yet. */
export const Empty: Story = {
  parameters: {
    msw: [
      http.get('*/api/v1/artists/:id/similar', () => HttpResponse.json(storySimilarArtists(0))),
      ...api({ albums: [], top_tracks: [], verified: false, description: null, name: LONG_NAME }),
    ],
  },
};

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/artists/:id', () => delay('infinite'))] },
};

export const LoadError: Story = {
  parameters: {
    msw: [
      http.get('*/api/v1/artists/:id', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
    ],
  },
};
