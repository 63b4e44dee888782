import type { TMenu } from '@cadence/contracts/menu';
import type { SettingsService } from '../settings/settings.service';

const SIDEBAR = 'sidebar-primary';

/**
 * Where a channel shows outside its own page: as the home page (`homepage.value`) and as an
 * item of the player's primary sidebar menu (a route to `/{slug}`). Both are settings, so
 * bootstrap data and its caches follow through the settings service.
 */
export async function placementOf(settings: SettingsService, slug: string) {
  const [type, home, menus] = await Promise.all([
    settings.get('homepage.type'),
    settings.get('homepage.value'),
    settings.get('menus') as Promise<TMenu[]>,
  ]);
  const sidebar = menus.find((menu) => menu.positions.includes(SIDEBAR));
  return {
    home: type === 'channel' && home === slug,
    sidebar: !!sidebar?.items.some((item) => item.type === 'route' && item.action === `/${slug}`),
  };
}

export async function placeChannel(
  settings: SettingsService,
  channel: { name: string; slug: string },
  wanted: { home?: boolean; sidebar?: boolean },
): Promise<void> {
  const client: Record<string, unknown> = {};
  if (wanted.home === true)
    Object.assign(client, { 'homepage.type': 'channel', 'homepage.value': channel.slug });
  if (wanted.sidebar !== undefined) {
    const menus = structuredClone((await settings.get('menus')) as TMenu[]);
    const sidebar = menus.find((menu) => menu.positions.includes(SIDEBAR));
    if (sidebar) {
      const action = `/${channel.slug}`;
      const has = sidebar.items.some((item) => item.type === 'route' && item.action === action);
      if (wanted.sidebar && !has)
        sidebar.items.push({
          id: `ch${channel.slug}`.slice(0, 32),
          label: channel.name,
          type: 'route',
          action,
          icon: 'list-music',
          target: null,
          roles: [],
          permissions: [],
          settings: {},
          subscriptionStatus: null,
          order: sidebar.items.length,
        });
      if (!wanted.sidebar) sidebar.items = sidebar.items.filter((item) => item.action !== action);
      client.menus = menus;
    }
  }
  if (Object.keys(client).length > 0) await settings.save({ client });
}
