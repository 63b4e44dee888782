import type { TChannelConfig } from '@cadence/contracts/channel';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/schema';

type SeedChannel = {
  name: string;
  slug: string;
  description: string | null;
  config: Partial<TChannelConfig>;
};

/** The sidebar's routes (/popular-albums, /genres, /popular-tracks, /new-releases) are these slugs. */
export const defaultChildChannels: SeedChannel[] = [
  {
    name: 'New releases',
    slug: 'new-releases',
    description: 'The latest albums and singles.',
    config: {
      content_type: 'auto',
      content_model: 'album',
      auto_method: 'new_releases',
      layout: 'grid',
      restriction: 'genre',
    },
  },
  {
    name: 'Popular songs',
    slug: 'popular-tracks',
    description: 'What everyone is playing.',
    config: {
      content_type: 'auto',
      content_model: 'track',
      auto_method: 'popular_tracks',
      layout: 'track_table',
      restriction: 'genre',
    },
  },
  {
    name: 'Popular albums',
    slug: 'popular-albums',
    description: 'The most played albums.',
    config: {
      content_type: 'auto',
      content_model: 'album',
      auto_method: 'popular_albums',
      layout: 'grid',
      restriction: 'genre',
    },
  },
  {
    name: 'Genres',
    slug: 'genres',
    description: 'Browse music by genre.',
    config: { content_type: 'list_all', content_model: 'genre', order: 'popularity:desc', layout: 'grid' },
  },
];

export const DISCOVER_SLUG = 'discover';

const configOf = (config: Partial<TChannelConfig>) =>
  JSON.stringify({
    auto_method: null,
    order: 'popularity:desc',
    layout: 'grid',
    hide_title: false,
    seo_title: null,
    seo_description: null,
    restriction: null,
    ...config,
  });

/** Idempotent: existing slugs are left as the admin shaped them. `homepage.value` defaults to `discover`. */
export async function seedDefaultChannels(db: Kysely<Database> | Transaction<Database>): Promise<void> {
  const children = await db
    .insertInto('channels')
    .values(
      defaultChildChannels.map((channel) => ({
        ...channel,
        config: configOf(channel.config),
        internal: true,
      })),
    )
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning(['id', 'slug'])
    .execute();
  const discover = await db
    .insertInto('channels')
    .values({
      name: 'Discover',
      slug: DISCOVER_SLUG,
      description: 'New releases, popular songs and albums, and genres.',
      config: configOf({
        content_type: 'manual',
        content_model: 'channel',
        layout: 'carousel',
        hide_title: true,
      }),
      internal: true,
    })
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!discover || children.length === 0) return;
  const order = new Map(defaultChildChannels.map((channel, index) => [channel.slug, index]));
  await db
    .insertInto('channelables')
    .values(
      children.map((child) => ({
        channel_id: Number(discover.id),
        model_type: 'channel' as const,
        model_id: Number(child.id),
        position: order.get(child.slug) ?? 0,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
