import { storyAlbum, storyArtist, storyLyrics, storyTrack } from '@cadence/app-shell/test/story-fixtures';
import { fixture } from '@cadence/app-shell/test/story-helpers';
import {
  ZAdminAlbumRowSchema,
  ZAdminArtistRowSchema,
  ZAdminTrackRowSchema,
} from '@cadence/contracts/admin-catalogue';
import { ZAlbumResponseSchema } from '@cadence/contracts/album';
import { ZArtistResponseSchema } from '@cadence/contracts/artist';
import { ZLyricsResponseSchema, ZTrackLyricsResponseSchema } from '@cadence/contracts/lyrics';
import { ZTrackResponseSchema } from '@cadence/contracts/track';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { range, storyAlbumRow, storyArtistRow, storyTrackRow } from '../../test/admin-music-fixtures';
import { failingHandler, keysetHandler, pendingHandler, withRoutes } from '../../test/admin-story-fixtures';
import { AdminAlbumPage, AdminArtistPage, AdminTrackPage } from './music-edit-pages';

/** The options of the forms' pickers: the first 100 artists, albums and tracks of the admin tables. */
const options = [
  keysetHandler('admin/artists', ZAdminArtistRowSchema, () => range(6).map(storyArtistRow)),
  keysetHandler('admin/albums', ZAdminAlbumRowSchema, () => range(6).map(storyAlbumRow)),
  keysetHandler('admin/tracks', ZAdminTrackRowSchema, () => range(6).map(storyTrackRow)),
];
const track = http.get('*/api/v1/tracks/12', () =>
  HttpResponse.json(fixture(ZTrackResponseSchema, { track: storyTrack(12, { name: 'Nightfall' }) })),
);
const lyrics = http.get('*/api/v1/tracks/12/lyrics', () =>
  HttpResponse.json(fixture(ZLyricsResponseSchema, { lyrics: storyLyrics(12, true) })),
);
const noLyrics = http.get('*/api/v1/tracks/12/lyrics', () =>
  HttpResponse.json(fixture(ZTrackLyricsResponseSchema, { lyrics: null })),
);
const album = http.get('*/api/v1/albums/7', () =>
  HttpResponse.json(
    fixture(ZAlbumResponseSchema, {
      album: storyAlbum(7, { name: 'Night Drive', tracks: [storyTrack(1), storyTrack(2)] }),
    }),
  ),
);
const artist = http.get('*/api/v1/artists/101', () =>
  HttpResponse.json(
    fixture(ZArtistResponseSchema, { artist: storyArtist(101, { name: 'The Midnight Hours' }) }),
  ),
);

/**
 * /admin/tracks|albums|artists/new and /{id}/edit: the music forms (`@cadence/music-forms`) with
 * the whole catalogue to pick from (the admin may credit any artist).
 */
const meta = {
  title: 'Music/MusicEditPages',
  component: AdminTrackPage,
  decorators: [withRoutes],
  parameters: { path: '/tracks/:id/edit', route: '/tracks/12/edit', msw: [...options, track, lyrics] },
} satisfies Meta<typeof AdminTrackPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A track with its synced lyrics; emptying the name shows the contract's message. */
export const EditTrack: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('heading', { name: 'Edit track' })).toBeTruthy();
    const name = canvas.getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Nightfall'));
    await userEvent.clear(name);
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
  },
};

/** A track without lyrics (the lyrics endpoint answers `lyrics: null`). */
export const TrackWithoutLyrics: Story = {
  parameters: { msw: [...options, track, noLyrics] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('heading', { name: 'Edit track' })).toBeTruthy();
  },
};

export const NewTrack: Story = {
  parameters: { path: '/tracks/new', route: '/tracks/new' },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('heading', { name: 'New track' })).toBeTruthy();
  },
};

export const Loading: Story = {
  parameters: { msw: [...options, pendingHandler('tracks/12'), lyrics] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Loading...')).toBeTruthy();
  },
};

export const NotFound: Story = {
  parameters: {
    msw: [
      ...options,
      http.get('*/api/v1/tracks/12', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
      lyrics,
    ],
  },
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByRole('alert')).textContent).toBe('Not found.');
  },
};

export const LoadError: Story = {
  parameters: { msw: [...options, failingHandler('tracks/12'), lyrics] },
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByRole('alert')).textContent).toContain('There was an issue.');
  },
};

/** An album with its tracks and the artist's other tracks to add. */
export const EditAlbum: Story = {
  render: () => <AdminAlbumPage />,
  parameters: { path: '/albums/:id/edit', route: '/albums/7/edit', msw: [...options, album] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('heading', { name: 'Edit album' })).toBeTruthy();
  },
};

export const NewAlbum: Story = {
  render: () => <AdminAlbumPage />,
  parameters: { path: '/albums/new', route: '/albums/new' },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('heading', { name: 'New album' })).toBeTruthy();
  },
};

export const EditArtist: Story = {
  render: () => <AdminArtistPage />,
  parameters: { path: '/artists/:id/edit', route: '/artists/101/edit', msw: [artist] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('heading', { name: 'Edit artist' })).toBeTruthy();
  },
};

export const NewArtist: Story = {
  render: () => <AdminArtistPage />,
  parameters: { path: '/artists/new', route: '/artists/new' },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('heading', { name: 'New artist' })).toBeTruthy();
  },
};
