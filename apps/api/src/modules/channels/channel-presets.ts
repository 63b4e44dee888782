import { type TChannelConfig, type TChannelPreset, ZChannelConfigSchema } from '@cadence/contracts/channel';
import type { TMenu } from '@cadence/contracts/menu';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { catalogueChanged } from '../catalogue/catalogue-invalidation';
import type { SettingsService } from '../settings/settings.service';
import { replaceChannelContent, upsertChannelBySlug } from './channel-admin.repository';

type PresetChannel = {
  name: string;
  slug: string;
  config: Partial<TChannelConfig> & Pick<TChannelConfig, 'content_type' | 'content_model'>;
};
type Preset = { home: PresetChannel; children: PresetChannel[]; sidebar: string[] };

const auto = (
  content_model: TChannelConfig['content_model'],
  auto_method: TChannelConfig['auto_method'],
  layout: TChannelConfig['layout'],
) => ({ content_type: 'auto', content_model, auto_method, layout, restriction: 'genre' }) as const;

/**
 * The two shapes of site the design names: a streaming catalogue (albums first, like the big
 * streaming services) and a sharing community (uploads, playlists and artists first).
 */
const PRESETS: Record<TChannelPreset, Preset> = {
  'music-streaming': {
    home: {
      name: 'Discover',
      slug: 'discover',
      config: { content_type: 'manual', content_model: 'channel', hide_title: true },
    },
    children: [
      { name: 'New releases', slug: 'new-releases', config: auto('album', 'new_releases', 'carousel') },
      {
        name: 'Popular songs',
        slug: 'popular-tracks',
        config: auto('track', 'popular_tracks', 'track_table'),
      },
      { name: 'Popular albums', slug: 'popular-albums', config: auto('album', 'popular_albums', 'grid') },
      {
        name: 'Genres',
        slug: 'genres',
        config: { content_type: 'list_all', content_model: 'genre', layout: 'grid' },
      },
    ],
    sidebar: ['popular-albums', 'genres', 'popular-tracks', 'new-releases'],
  },
  'music-sharing': {
    home: {
      name: 'Stream',
      slug: 'stream',
      config: { content_type: 'manual', content_model: 'channel', hide_title: true },
    },
    children: [
      { name: 'Trending tracks', slug: 'trending-tracks', config: auto('track', 'popular_tracks', 'list') },
      { name: 'New uploads', slug: 'new-uploads', config: auto('track', 'new_releases', 'list') },
      {
        name: 'Popular playlists',
        slug: 'popular-playlists',
        config: auto('playlist', 'popular_playlists', 'carousel'),
      },
      { name: 'Top artists', slug: 'top-artists', config: auto('artist', 'popular_artists', 'carousel') },
    ],
    sidebar: ['trending-tracks', 'new-uploads', 'popular-playlists', 'top-artists'],
  },
};

function upsert(db: Kysely<Database>, channel: PresetChannel): Promise<number> {
  const config = JSON.stringify(ZChannelConfigSchema.parse(channel.config));
  return upsertChannelBySlug(db, { name: channel.name, slug: channel.slug, config });
}

/** Creates or reshapes the preset's channels (by slug), makes its home channel the home page and fills the sidebar. */
export async function applyPreset(db: Kysely<Database>, settings: SettingsService, name: TChannelPreset) {
  const preset = PRESETS[name];
  const homeId = await db.transaction().execute(async (trx) => {
    const childIds: number[] = [];
    for (const child of preset.children) childIds.push(await upsert(trx, child));
    const id = await upsert(trx, preset.home);
    await replaceChannelContent(
      trx,
      id,
      childIds.map((model_id) => ({ model_type: 'channel' as const, model_id })),
    );
    return id;
  });
  await catalogueChanged(db, {});
  const menus = structuredClone((await settings.get('menus')) as TMenu[]);
  const sidebar = menus.find((menu) => menu.positions.includes('sidebar-primary'));
  if (sidebar)
    sidebar.items = preset.sidebar.map((slug, order) => {
      const channel = preset.children.find((child) => child.slug === slug) as PresetChannel;
      return {
        id: `ch${slug}`.slice(0, 32),
        label: channel.name,
        type: 'route' as const,
        action: `/${slug}`,
        icon: 'list-music',
        target: null,
        roles: [],
        permissions: [],
        settings: {},
        subscriptionStatus: null,
        order,
      };
    });
  await settings.save({ client: { 'homepage.type': 'channel', 'homepage.value': preset.home.slug, menus } });
  return { home: preset.home.slug, id: homeId };
}
