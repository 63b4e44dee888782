import { fixture } from '@cadence/app-shell/test/story-helpers';
import {
  ZChannelEditResponseSchema,
  ZChannelPreviewSchema,
  ZChannelResponseSchema,
  ZChannelSchema,
} from '@cadence/contracts/channel';
import { ZSearchResponseSchema } from '@cadence/contracts/search';
import { HttpResponse, http } from 'msw';
import { STAMP } from './admin-story-fixtures';

/** A channel (`GET api/v1/channels`): manual albums in a grid, or an automatic list. */
export const storyChannel = (id: number, overrides: Record<string, unknown> = {}) =>
  fixture(ZChannelSchema, {
    id,
    name: ['New releases', 'Popular albums', 'Genres', 'Staff picks'][id - 1] ?? `Channel ${id}`,
    slug: ['new-releases', 'popular-albums', 'genres', 'staff-picks'][id - 1] ?? `channel-${id}`,
    description: null,
    config: {
      content_type: id === 2 ? 'auto' : 'manual',
      content_model: 'album',
      auto_method: id === 2 ? 'popular_albums' : null,
      layout: id === 4 ? 'carousel' : 'grid',
    },
    created_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  });

const album = (id: number, name: string) => ({
  model_type: 'album' as const,
  id,
  name,
  image: null,
  release_date: '2026-09-01',
  plays: 1200 * id,
  artists: [{ id: 101, name: 'The Midnight Hours' }],
});

/** `GET api/v1/channels/{slugOrId}` in the editor: the channel, where it shows, its manual items. */
export const storyChannelEdit = () =>
  fixture(ZChannelEditResponseSchema, {
    channel: storyChannel(4),
    placement: { home: false, sidebar: true },
    content: [
      { model_type: 'album', model_id: 7, name: 'Night Drive', image: null },
      { model_type: 'album', model_id: 8, name: 'Daybreak', image: null },
    ],
  });

/** `POST api/v1/channels/preview`: the body must parse; the channel rendered with two albums. */
export const previewHandler = () =>
  http.post('*/api/v1/channels/preview', async ({ request }) => {
    const body = ZChannelPreviewSchema.parse(await request.json());
    return HttpResponse.json(
      fixture(ZChannelResponseSchema, {
        channel: {
          ...storyChannel(body.id ?? 9, { name: body.name, config: body.config }),
          restriction: null,
          content: {
            data: [album(7, 'Night Drive'), album(8, 'Daybreak')],
            current_page: 1,
            per_page: 15,
            total: 2,
            last_page: 1,
          },
        },
      }),
    );
  });

/** `GET api/v1/search?types=albums`: the content picker's results. */
export const searchHandler = () =>
  http.get('*/api/v1/search', ({ request }) => {
    const query = new URL(request.url).searchParams.get('query') ?? '';
    const found = (
      [
        [7, 'Night Drive'],
        [8, 'Daybreak'],
        [9, 'Nightfall'],
      ] as const
    )
      .filter(([, name]) => name.toLowerCase().includes(query.toLowerCase()))
      .map(([id, name]) => {
        const { model_type: _type, ...item } = album(id, name);
        return item;
      });
    return HttpResponse.json(fixture(ZSearchResponseSchema, { query, results: { albums: found } }));
  });
