import {
  storyAlbum,
  storyArtist,
  storyBackstageOverview,
  storyTrack,
  storyTracks,
} from '@cadence/app-shell/test/story-fixtures';
import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { EditAlbumPage, EditArtistPage, EditTrackPage, NewAlbumPage, NewTrackPage } from './music-edit-pages';

const api = [
  http.get('*/api/v1/backstage/overview', () => HttpResponse.json(storyBackstageOverview())),
  http.get('*/api/v1/tracks/:id/lyrics', () => HttpResponse.json({ lyrics: null })),
  http.get('*/api/v1/tracks/:id', () => HttpResponse.json({ track: storyTrack(1, { name: 'Night Drive' }) })),
  http.get('*/api/v1/albums/:id', () =>
    HttpResponse.json({ album: storyAlbum(201, { name: 'Night Drive', tracks: storyTracks(3) }) }),
  ),
  http.get('*/api/v1/artists/:id', () =>
    HttpResponse.json({ artist: storyArtist(101, { name: 'The Midnight Hours' }) }),
  ),
];

/** Backstage's own music pages: new and edit track, new and edit album, edit artist (the shared forms). */
const meta = {
  title: 'Backstage/MusicEditPages',
  component: EditTrackPage,
  decorators: [withRouter],
  parameters: { route: '/tracks/1/edit', routePath: '/tracks/:trackId/edit', msw: api },
} satisfies Meta<typeof EditTrackPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EditTrack: Story = {
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByTestId('backstage-edit-page')).toBeTruthy();
  },
};

export const NewTrack: Story = {
  render: () => <NewTrackPage />,
  parameters: { route: '/tracks/new', routePath: '/tracks/new' },
};

export const EditAlbum: Story = {
  render: () => <EditAlbumPage />,
  parameters: { route: '/albums/201/edit', routePath: '/albums/:albumId/edit' },
};

export const NewAlbum: Story = {
  render: () => <NewAlbumPage />,
  parameters: { route: '/albums/new', routePath: '/albums/new' },
};

export const EditArtist: Story = {
  render: () => <EditArtistPage />,
  parameters: { route: '/artists/101/edit', routePath: '/artists/:artistId/edit' },
};

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/tracks/:id', () => delay('infinite'))] },
};

/** Not the artist's track: the api answers 404. */
export const NotFound: Story = {
  parameters: {
    msw: [
      http.get('*/api/v1/tracks/:id', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
    ],
  },
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByRole('alert')).textContent).toBe('Not found.');
  },
};
