import type { TChannelResponse } from '@cadence/contracts/channel';

const STAMP = '2026-10-01T12:00:00.000Z';
type TChannel = TChannelResponse['channel'];

const config = (layout: 'grid' | 'carousel' | 'track_table', model: 'album' | 'track' | 'channel') =>
  ({
    content_type: 'manual',
    content_model: model,
    auto_method: null,
    order: 'popularity:desc',
    layout,
    hide_title: false,
    seo_title: null,
    seo_description: null,
    restriction: null,
    pagination: 'none',
  }) as TChannel['config'];

const page = <T>(data: T[]) => ({ data, current_page: 1, per_page: 50, total: data.length, last_page: 1 });

const albums = (count: number, from: number) =>
  Array.from({ length: count }, (_, i) => ({
    model_type: 'album' as const,
    id: from + i,
    name: `Album ${from + i}`,
    image: null,
    release_date: '2026-09-01',
    plays: 100 - i,
    artists: [{ id: 101, name: 'The Midnight Hours' }],
  }));

const tracks = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    model_type: 'track' as const,
    id: 300 + i,
    name: `Song ${i + 1}`,
    image: null,
    duration: 200_000,
    plays: 90 - i,
    album: { id: 200, name: 'Album 200' },
    artists: [{ id: 101, name: 'The Midnight Hours' }],
  }));

const row = (id: number, layout: 'grid' | 'carousel' | 'track_table', data: unknown[]) => ({
  model_type: 'channel' as const,
  id,
  name: `Row ${id}`,
  slug: `row-${id}`,
  description: null,
  config: config(layout, layout === 'track_table' ? 'track' : 'album'),
  created_at: STAMP,
  updated_at: STAMP,
  content: page(data),
});

/** Home (`discover`) as the api inlines it: a channel of five rows, like the demo catalogue's. */
export function homeChannelFixture(): TChannelResponse {
  return {
    channel: {
      id: 1,
      name: 'Discover',
      slug: 'discover',
      description: null,
      config: config('grid', 'channel'),
      created_at: STAMP,
      updated_at: STAMP,
      restriction: null,
      content: page([
        row(2, 'carousel', albums(8, 200)),
        row(3, 'track_table', tracks(10)),
        row(4, 'grid', albums(8, 210)),
        row(5, 'carousel', albums(8, 220)),
        row(6, 'grid', albums(8, 230)),
      ]),
    },
  } as TChannelResponse;
}
