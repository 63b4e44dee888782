import { LONG_NAME } from '@cadence/app-shell/test/story-fixtures';
import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZChannelResponseSchema } from '@cadence/contracts/channel';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { ChannelPage } from './channel-page';
import { DiscoverPage } from './discover-page';
import { HomePage } from './home-page';

const STAMP = '2026-10-01T12:00:00.000Z';
const config = (
  layout: 'grid' | 'carousel' | 'track_table' | 'list',
  model: 'album' | 'track' | 'channel',
) => ({
  content_type: 'manual' as const,
  content_model: model,
  layout,
  pagination: 'none' as const,
});

const albums = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    model_type: 'album' as const,
    id: 200 + i,
    name: i === 1 ? LONG_NAME : `Album ${i + 1}`,
    image: null,
    release_date: '2026-09-01',
    plays: 1000 - i,
    artists: [{ id: 101, name: 'The Midnight Hours' }],
  }));

const tracks = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    model_type: 'track' as const,
    id: 300 + i,
    name: `Song ${i + 1}`,
    image: null,
    duration: 200_000,
    plays: 900 - i,
    album: { id: 200, name: 'Album 1' },
    artists: [{ id: 101, name: 'The Midnight Hours' }],
  }));

const page = <T,>(data: T[]) => ({ data, current_page: 1, per_page: 50, total: data.length, last_page: 1 });

/** `GET api/v1/channel/{slugOrId}`: a channel of channels (new releases, popular songs), contract-parsed. */
const channelApi = (empty = false) =>
  http.get('*/api/v1/channel/:slugOrId', ({ params }) =>
    HttpResponse.json(
      fixture(ZChannelResponseSchema, {
        channel: {
          id: 1,
          name: params.slugOrId === 'discover' ? 'Discover' : 'Genre: synthpop',
          slug: String(params.slugOrId),
          description: null,
          config: config('grid', 'channel'),
          created_at: STAMP,
          updated_at: STAMP,
          restriction: null,
          content: page(
            empty
              ? []
              : [
                  {
                    model_type: 'channel' as const,
                    id: 2,
                    name: 'New releases',
                    slug: 'new-releases',
                    description: null,
                    config: config('carousel', 'album'),
                    created_at: STAMP,
                    updated_at: STAMP,
                    content: page(albums(6)),
                  },
                  {
                    model_type: 'channel' as const,
                    id: 3,
                    name: 'Popular songs',
                    slug: 'popular-songs',
                    description: null,
                    config: config('track_table', 'track'),
                    created_at: STAMP,
                    updated_at: STAMP,
                    content: page(tracks(5)),
                  },
                ],
          ),
        },
      }),
    ),
  );

/** `/` (the home channel), `/discover` and `/channel/{slug}`: a channel's sections in their layouts. */
const meta = {
  title: 'Pages/ChannelPages',
  component: DiscoverPage,
  decorators: [withRouter],
  parameters: { route: '/discover', msw: [channelApi()] },
} satisfies Meta<typeof DiscoverPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Discover: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('heading', { level: 1, name: 'Discover' })).toBeTruthy();
    expect(await canvas.findByText('New releases')).toBeTruthy();
  },
};

export const Home: Story = { render: () => <HomePage />, parameters: { route: '/' } };

export const Channel: Story = {
  render: () => <ChannelPage />,
  parameters: { route: '/channel/synthpop', routePath: '/channel/:slugOrId/:restriction?' },
};

export const EmptyChannel: Story = { parameters: { msw: [channelApi(true)] } };

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/channel/:slugOrId', () => delay('infinite'))] },
};

export const LoadError: Story = {
  parameters: {
    msw: [
      http.get('*/api/v1/channel/:slugOrId', () =>
        HttpResponse.json({ message: 'Not found' }, { status: 404 }),
      ),
    ],
  },
};
