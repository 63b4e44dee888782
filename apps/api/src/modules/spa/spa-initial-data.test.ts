import type { TChannelResponse } from '@cadence/contracts/channel';
import { describe, expect, it } from 'vitest';
import { lcpImagePreload, type TInitialRouteData } from './spa-initial-data';

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
): TInitialRouteData {
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
  return { homeChannel: { slugOrId: 'discover', response: { channel } as TChannelResponse, fetchedAt: 0 } };
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
