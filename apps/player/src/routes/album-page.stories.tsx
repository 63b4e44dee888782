import { LONG_NAME, storyAlbum, storyTrack, storyTracks } from '@cadence/app-shell/test/story-fixtures';
import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { AlbumPage } from './album-page';

/** `GET api/v1/albums/{id}?with=tracks,genres,tags`: the album with its tracks (contract-parsed). */
const album = (overrides: Record<string, unknown> = {}) =>
  http.get('*/api/v1/albums/:id', () =>
    HttpResponse.json({
      album: storyAlbum(201, { name: 'Night Drive', tracks: storyTracks(8), ...overrides }),
    }),
  );

/** `/album/{id}/{artist}/{slug}`: the header (cover, artists, year, count, length, actions) and the track table. */
const meta = {
  title: 'Pages/AlbumPage',
  component: AlbumPage,
  decorators: [withRouter],
  parameters: {
    route: '/album/201/the-midnight-hours/night-drive',
    routePath: '/album/:albumId/:artistSlug/:albumSlug',
    msw: [album()],
  },
} satisfies Meta<typeof AlbumPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('heading', { level: 1, name: 'Night Drive' })).toBeTruthy();
    expect(canvas.getByText('Song 1')).toBeTruthy();
  },
};

export const LongNames: Story = {
  parameters: {
    msw: [
      album({
        name: LONG_NAME,
        record_type: 'ep',
        tracks: [storyTrack(1, { name: LONG_NAME }), storyTrack(2)],
      }),
    ],
  },
};

export const NoTracks: Story = {
  parameters: { msw: [album({ tracks: [] })] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('This album has no tracks yet.')).toBeTruthy();
  },
};

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/albums/:id', () => delay('infinite'))] },
};

export const LoadError: Story = {
  parameters: {
    msw: [
      http.get('*/api/v1/albums/:id', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
    ],
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile' } } };
