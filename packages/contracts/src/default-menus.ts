import type { TMenu, TMenuItem } from './menu';

interface ItemOptions {
  permissions?: string[];
  settings?: Record<string, unknown>;
  target?: string;
}

/** Ids are fixed so re-seeding and tests see the same menus; icons are lucide icon names. */
function route(
  id: string,
  label: string,
  action: string,
  icon: string | null,
  options: ItemOptions = {},
): Omit<TMenuItem, 'order'> {
  return {
    id,
    label,
    type: 'route',
    action,
    icon,
    target: options.target ?? null,
    roles: [],
    permissions: options.permissions ?? [],
    settings: options.settings ?? {},
    subscriptionStatus: null,
  };
}

function menu(id: string, name: string, position: string, items: Omit<TMenuItem, 'order'>[]): TMenu {
  return { id, name, positions: [position], items: items.map((item, order) => ({ ...item, order })) };
}

const adminItem = (id: string, label: string, path: string, icon: string, permission: string) =>
  route(id, label, `/admin/${path}`, icon, { permissions: [permission] });

export const defaultMenus: TMenu[] = [
  menu('GxefVP', 'Primary', 'sidebar-primary', [
    route('ZiB2TQ', 'Popular Albums', '/popular-albums', 'disc-3'),
    route('CUk7Xh', 'Genres', '/genres', 'shapes'),
    route('ieRdbo', 'Popular songs', '/popular-tracks', 'trending-up'),
    route('bvOANF', 'New releases', '/new-releases', 'sparkles'),
  ]),
  menu('g8mVuN', 'Secondary', 'sidebar-secondary', [
    route('Rho74I', 'Songs', '/library/songs', 'music'),
    route('U6UxMi', 'Albums', '/library/albums', 'disc-3'),
    route('8W00vp', 'Artists', '/library/artists', 'mic-vocal'),
    route('PpMmGM', 'History', '/library/history', 'history'),
  ]),
  menu('SLhrLX', 'Mobile', 'mobile-bottom', [
    route('rp7CyT', 'Discover', '/', 'compass'),
    route('48PmE5', 'Search', '/search', 'search'),
    route('xFraRP', 'Your Music', '/library', 'library'),
  ]),
  menu('VZ0y4m', 'Auth Dropdown', 'auth-dropdown', [
    route('MDuViT', 'Admin area', '/admin', 'layout-dashboard', { permissions: ['admin.access'] }),
    route('Bw9ftL', 'Web player', '/', 'headphones'),
    route('3xHaGO', 'Account settings', '/account-settings', 'settings'),
  ]),
  menu('lgmNw5', 'Admin Sidebar', 'admin-sidebar', [
    route('cOIJKA', 'Analytics', '/admin', 'chart-line', { permissions: ['admin.access'] }),
    adminItem('xUj0xg', 'Appearance', 'appearance', 'palette', 'appearance.update'),
    adminItem('j2gpka', 'Settings', 'settings', 'settings', 'settings.update'),
    adminItem('WQINXO', 'Ads', 'ads', 'megaphone', 'settings.update'),
    adminItem('QBx1nK', 'Plans', 'plans', 'package', 'plans.update'),
    adminItem('9dKZzJ', 'Subscriptions', 'subscriptions', 'credit-card', 'subscriptions.update'),
    adminItem('Wh3bEv', 'Webhooks', 'billing/webhooks', 'plug-zap', 'subscriptions.update'),
    adminItem('Pv7Rn2', 'Payouts', 'payouts', 'banknote', 'subscriptions.update'),
    adminItem('HulmAV', 'Users', 'users', 'users', 'users.update'),
    adminItem('zf7oXB', 'Roles', 'roles', 'shield', 'roles.update'),
    adminItem('oZvdpz', 'Channels', 'channels', 'layout-list', 'channels.update'),
    adminItem('1RLIaZ', 'Artists', 'artists', 'mic-vocal', 'artists.update'),
    adminItem('B4nbx1', 'Albums', 'albums', 'disc-3', 'albums.update'),
    adminItem('oh91RZ', 'Tracks', 'tracks', 'music', 'tracks.update'),
    adminItem('LvAi53', 'Genres', 'genres', 'shapes', 'genres.update'),
    adminItem('GPoL0l', 'Lyrics', 'lyrics', 'mic', 'lyrics.update'),
    adminItem('E4LYYt', 'Playlists', 'playlists', 'list-music', 'playlists.update'),
    adminItem('bbtK4g', 'Requests', 'backstage-requests', 'inbox', 'backstageRequests.update'),
    adminItem('oGTOqG', 'Comments', 'comments', 'message-square', 'comments.update'),
    adminItem('Rp7tQx', 'Reports', 'reports', 'flag', 'reports.handle'),
    adminItem('9BAptB', 'Pages', 'custom-pages', 'file-text', 'custom_pages.update'),
    adminItem('xUiQJA', 'Tags', 'tags', 'tag', 'tags.update'),
    adminItem('5pjI23', 'Files', 'files', 'folder', 'files.update'),
    adminItem('j0q1mh', 'Localizations', 'localizations', 'languages', 'localizations.update'),
    // The backstage's upload flow with the artist chosen by the admin: music.create is what the
    // upload api checks, tracks.update lets it credit any artist.
    route('MS9TsO', 'Upload', '/admin/upload', 'upload', { permissions: ['music.create', 'tracks.update'] }),
    adminItem('Os1Dq4', 'Logs', 'logs', 'scroll-text', 'logs.view'),
  ]),
  menu('W8QAME', 'Footer', 'footer', [
    route('7gsW1H', 'Privacy policy', '/pages/privacy-policy', null),
    route('0y0HYf', 'Terms of service', '/pages/terms-of-service', null),
    route('MM0hET', 'About us', '/pages/about-us', null),
    route('vtozBA', 'Contact', '/contact', null),
  ]),
  menu('zLGvOA', 'Footer secondary', 'footer-secondary', [
    route('k10ikA', 'Pricing', '/pricing', null, { settings: { 'billing.enable': true } }),
    route('JdwzBW', 'API', '/api-docs', null, {
      permissions: ['api.access'],
      settings: { 'api.integrated': true },
      target: '_blank',
    }),
  ]),
  menu('bc6Hh3', 'Auth page footer', 'auth-page-footer', [
    route('WAT7Un', 'Privacy', '/pages/privacy-policy', null),
    route('yntibR', 'Terms', '/pages/terms-of-service', null),
    route('RURwky', 'Contact', '/contact', null),
  ]),
];
