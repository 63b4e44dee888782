import type { TChannelResponse } from '@cadence/contracts/channel';
import { pageRequests, pageRequestUrl } from '@cadence/contracts/page-requests';
import { describe, expect, it } from 'vitest';
import { initialResponsesJson, lcpImagePreload, type TInitialPage } from './spa-initial-data';

const config = {
  content_type: 'manual',
  content_model: 'album',
  auto_method: null,
  order: 'popularity:desc',
  layout: 'grid',
  hide_title: false,
  seo_title: null,
  seo_description: null,
  restriction: null,
} as const;
const base = { description: null, created_at: '', updated_at: '' };
const page = <T>(data: T[]) => ({ data, current_page: 1, per_page: 50, total: data.length, last_page: 1 });

/** Only the fields the preload reads; the rest of an item does not matter here. */
const item = (fields: Record<string, unknown>) =>
  fields as unknown as TChannelResponse['channel']['content']['data'][number];

function initial(
  items: ReturnType<typeof item>[],
  layout: 'grid' | 'track_table' = 'grid',
): Pick<TInitialPage, 'page' | 'body'> {
  const child = {
    ...base,
    id: 2,
    name: 'Empty',
    slug: 'empty',
    config,
    model_type: 'channel',
    content: page([]),
  };
  const filled = { ...child, id: 3, config: { ...config, layout }, content: page(items) };
  const channel = {
    ...base,
    id: 1,
    name: 'Discover',
    slug: 'discover',
    config: { ...config, content_model: 'channel' },
    restriction: null,
    content: page([item(child), item(filled)]),
  };
  return {
    page: { kind: 'channel', request: pageRequests.channel('discover') },
    body: { channel } as TChannelResponse,
  };
}

describe('the preload of the first card artwork', () => {
  it("offers the card's srcset and sizes for the first shown section's first card", () => {
    const link = lcpImagePreload(
      initial([
        item({ model_type: 'album', image: '/api/v1/images/covers/"a".jpg' }),
        item({ model_type: 'album', image: '/x.jpg' }),
      ]),
    );
    expect(link).toBe(
      '<link rel="preload" as="image" imagesrcset="' +
        [64, 150, 300, 600, 1000]
          .map((w) => `/api/v1/images/covers/&quot;a&quot;.jpg?w=${w} ${w}w`)
          .join(', ') +
        '" imagesizes="(max-width: 640px) 50vw, 12rem" fetchpriority="high">',
    );
  });

  it("uses an artist's small image, and a plain href for an image the api does not resize", () => {
    expect(
      lcpImagePreload(
        initial([item({ model_type: 'artist', image_small: 'https://cdn.test/a.jpg?x=1&y=2' })]),
      ),
    ).toBe('<link rel="preload" as="image" href="https://cdn.test/a.jpg?x=1&amp;y=2" fetchpriority="high">');
  });

  it('preloads nothing without a card image: genres, track tables, no image, nothing inlined', () => {
    expect(lcpImagePreload(initial([item({ model_type: 'genre', image: '/api/v1/images/g.jpg' })]))).toBe('');
    expect(
      lcpImagePreload(initial([item({ model_type: 'track', image: '/api/v1/images/t.jpg' })], 'track_table')),
    ).toBe('');
    expect(lcpImagePreload(initial([item({ model_type: 'album', image: null })]))).toBe('');
    expect(lcpImagePreload(null)).toBe('');
  });
});

describe('the preload of a page header artwork', () => {
  const header = (kind: 'album' | 'artist' | 'track' | 'playlist', body: unknown) => ({
    page: { kind, request: pageRequests[kind](1) },
    body,
  });
  const sizes = 'imagesizes="(min-width: 768px) 14rem, 12rem"';

  it("uses the image each page's header shows, with the header's sizes", () => {
    expect(lcpImagePreload(header('album', { album: { image: '/api/v1/images/al.png' } }))).toContain(
      `/api/v1/images/al.png?w=1000 1000w" ${sizes}`,
    );
    const artist = { artist: { image_large: null, image_small: '/api/v1/images/ar.png' } };
    expect(lcpImagePreload(header('artist', artist))).toContain('/api/v1/images/ar.png?w=64 64w');
    const track = { track: { image: null, album: { image: '/api/v1/images/tr.png' } } };
    expect(lcpImagePreload(header('track', track))).toContain('/api/v1/images/tr.png?w=64 64w');
    const playlist = { playlist: { image: null, tracks: [{ image: '/api/v1/images/pl.png' }] } };
    expect(lcpImagePreload(header('playlist', playlist))).toContain('/api/v1/images/pl.png?w=64 64w');
  });

  it('preloads nothing for a header without artwork', () => {
    expect(lcpImagePreload(header('album', { album: { image: null } }))).toBe('');
    expect(lcpImagePreload(header('playlist', { playlist: { image: null, tracks: [] } }))).toBe('');
  });
});

describe('the preload of the first search card artwork', () => {
  const search = (results: unknown) => ({
    page: { kind: 'searchAll' as const, request: pageRequests.searchAll('x') },
    body: { results },
  });
  const card = 'imagesizes="(max-width: 640px) 50vw, 12rem"';

  it('preloads the first card of the first grid with results, as the page draws it with priority', () => {
    const albums = [{ image: '/api/v1/images/al.png' }, { image: '/api/v1/images/a2.png' }];
    const link = lcpImagePreload(
      search({ tracks: [{ image: '/api/v1/images/t.png' }], artists: [], albums }),
    );
    expect(link).toContain(`/api/v1/images/al.png?w=1000 1000w" ${card}`);
    expect(link).not.toContain('a2.png');
    expect(link).not.toContain('/t.png');
    const artists = [{ image: null, image_small: '/api/v1/images/ar.png' }];
    expect(lcpImagePreload(search({ artists, albums }))).toContain('/api/v1/images/ar.png?w=64 64w');
  });

  it('preloads nothing when the first grid card has no artwork or only songs matched', () => {
    expect(lcpImagePreload(search({ albums: [{ image: null }] }))).toBe('');
    expect(lcpImagePreload(search({ tracks: [{ image: '/api/v1/images/t.png' }] }))).toBe('');
    expect(lcpImagePreload(search({}))).toBe('');
  });
});

describe('the inlined first answers', () => {
  const album = {
    page: { kind: 'album' as const, request: pageRequests.album(1) },
    body: {},
    json: '{"album":{"id":1}}',
    stamp: null,
  };
  const url = pageRequestUrl(pageRequests.album(1));

  it("inlines the api's answer as it was sent, beside what the SEO read", () => {
    const json = initialResponsesJson(album, { '/api/v1/profile/2': { user: { id: 2 } } });
    expect(JSON.parse(json ?? '')).toEqual({
      [url]: { album: { id: 1 } },
      '/api/v1/profile/2': { user: { id: 2 } },
    });
  });

  it('keeps one entry per address, the one the SEO read last', () => {
    const json = initialResponsesJson(album, { [url]: { album: { id: 1, name: 'newer' } } });
    expect(json).toBe(`{${JSON.stringify(url)}:{"album":{"id":1,"name":"newer"}}}`);
  });

  it('inlines nothing without answers', () => {
    expect(initialResponsesJson(null, undefined)).toBeNull();
    expect(initialResponsesJson(null, {})).toBeNull();
  });
});
