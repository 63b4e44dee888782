import { storyAlbum, storyTrack, storyTracks } from '@cadence/app-shell/test/story-fixtures';
import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { AlbumEmbedPage } from './album-embed-page';
import { TrackEmbedPage } from './track-embed-page';

/** `/track/{id}/{slug}/embed` and `/album/{id}/{artist}/{slug}/embed`: the compact player other sites frame. */
const meta = {
  title: 'Pages/EmbedPages',
  component: TrackEmbedPage,
  decorators: [withRouter],
  parameters: {
    route: '/track/12/nightfall/embed',
    routePath: '/:kind/:trackId/:slug/embed',
    msw: [
      http.get('*/api/v1/tracks/:id', () =>
        HttpResponse.json({ track: storyTrack(12, { name: 'Nightfall' }) }),
      ),
    ],
  },
} satisfies Meta<typeof TrackEmbedPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Track: Story = {
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Nightfall')).toBeTruthy();
  },
};

export const Album: Story = {
  render: () => <AlbumEmbedPage />,
  parameters: {
    route: '/album/201/night-drive/embed',
    routePath: '/album/:albumId/:slug/embed',
    msw: [
      http.get('*/api/v1/albums/:id', () =>
        HttpResponse.json({ album: storyAlbum(201, { name: 'Night Drive', tracks: storyTracks(5) }) }),
      ),
    ],
  },
};

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/tracks/:id', () => delay('infinite'))] },
};

export const LoadError: Story = {
  parameters: {
    msw: [
      http.get('*/api/v1/tracks/:id', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
    ],
  },
};
