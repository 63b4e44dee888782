import { storyAlbum, storyTracks } from '@cadence/app-shell/test/story-fixtures';
import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZAlbumSchema } from '@cadence/contracts/album';
import { paginationSchema } from '@cadence/contracts/pagination';
import { ZTrackSchema } from '@cadence/contracts/track';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { TagPage } from './tag-page';

const page = <T,>(data: T[]) => ({
  pagination: { data, current_page: 1, per_page: 50, total: data.length, last_page: 1 },
});

/** `GET api/v1/tags/{name}/tracks` and `/albums` (contract-parsed pages). */
const api = (tracks = 6, albums = 4) => [
  http.get('*/api/v1/tags/:name/tracks', () =>
    HttpResponse.json(fixture(paginationSchema(ZTrackSchema), page(storyTracks(tracks)))),
  ),
  http.get('*/api/v1/tags/:name/albums', () =>
    HttpResponse.json(
      fixture(
        paginationSchema(ZAlbumSchema),
        page(Array.from({ length: albums }, (_, i) => storyAlbum(i + 1))),
      ),
    ),
  ),
];

/** `/tag/{name}[/tracks|/albums]`: what carries the tag. */
const meta = {
  title: 'Pages/TagPage',
  component: TagPage,
  decorators: [withRouter],
  parameters: { route: '/tag/night%20drive', routePath: '/tag/:tagName/:tab?', msw: api() },
} satisfies Meta<typeof TagPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Tracks: Story = {
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Song 1')).toBeTruthy();
  },
};

export const Albums: Story = {
  parameters: { route: '/tag/night%20drive/albums' },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Album 1')).toBeTruthy();
  },
};

export const NothingTagged: Story = {
  parameters: { msw: api(0, 0) },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Nothing tagged "night drive" yet.')).toBeTruthy();
  },
};

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/tags/:name/tracks', () => delay('infinite'))] },
};
