import { LONG_NAME } from '@cadence/app-shell/test/story-fixtures';
import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { type TSearchResponse, ZSearchResponseSchema } from '@cadence/contracts/search';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { SearchPage } from './search-page';

const RESULTS: TSearchResponse['results'] = {
  tracks: [
    {
      id: 12,
      name: 'Nightfall',
      image: null,
      duration: 214_000,
      plays: 1204,
      album: { id: 201, name: 'Night Drive' },
      artists: [{ id: 101, name: 'The Midnight Hours' }],
    },
    {
      id: 13,
      name: LONG_NAME,
      image: null,
      duration: 402_000,
      plays: 877,
      album: null,
      artists: [{ id: 102, name: 'Midnight Choir' }],
    },
  ],
  albums: [
    {
      id: 201,
      name: 'Night Drive',
      image: null,
      release_date: '2026-09-01',
      plays: 1204,
      artists: [{ id: 101, name: 'The Midnight Hours' }],
    },
  ],
  artists: [
    { id: 101, name: 'The Midnight Hours', image_small: null, verified: true, plays: 9000 },
    { id: 102, name: 'Midnight Choir', image_small: null, verified: false, plays: 1200 },
  ],
  playlists: [{ id: 7, name: 'Night drives', image: null, owner: { id: 7, name: 'Ada Lovelace' } }],
  users: [{ id: 12, name: 'Grace Hopper', image: null }],
  genres: [{ id: 1, name: 'synthpop', display_name: 'Synthpop', image: null }],
  tags: [{ id: 2, name: 'night drive', display_name: null }],
};

/** `GET api/v1/search?query=&types=`: only the asked tabs, contract-parsed. */
const search = (results: TSearchResponse['results'] = RESULTS) =>
  http.get('*/api/v1/search', ({ request }) => {
    const url = new URL(request.url);
    const types = url.searchParams.get('types')?.split(',');
    const picked = types
      ? Object.fromEntries(Object.entries(results).filter(([type]) => types.includes(type)))
      : results;
    return HttpResponse.json(
      fixture(ZSearchResponseSchema, { query: url.searchParams.get('query') ?? '', results: picked }),
    );
  });

/** `/search/{text}[/{tab}]`: every kind of result, or one kind per tab. */
const meta = {
  title: 'Pages/SearchPage',
  component: SearchPage,
  decorators: [withRouter],
  parameters: { route: '/search/night', routePath: '/search/:searchQuery?/:tabName?', msw: [search()] },
} satisfies Meta<typeof SearchPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const All: Story = {
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Nightfall')).toBeTruthy();
  },
};

export const SongsTab: Story = { parameters: { route: '/search/night/tracks' } };

export const ArtistsTab: Story = { parameters: { route: '/search/night/artists' } };

export const NoResults: Story = {
  parameters: { route: '/search/zzzz', msw: [search({})] },
};

/** No text yet: what the page is for. */
export const NoQuery: Story = { parameters: { route: '/search' } };

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/search', () => delay('infinite'))] },
};

export const LoadError: Story = {
  parameters: {
    msw: [http.get('*/api/v1/search', () => HttpResponse.json({ message: 'Server error' }, { status: 500 }))],
  },
};
