import { defaultMenus } from '@cadence/contracts/default-menus';
import { ZMenuSchema } from '@cadence/contracts/menu';
import { isPermissionName } from '@cadence/permissions/catalogue';
import { describe, expect, it } from 'vitest';
import { isSettingKey } from '../../modules/settings/settings-definitions';

const at = (position: string) => {
  const menu = defaultMenus.find((m) => m.positions.includes(position));
  if (!menu) throw new Error(`no menu at ${position}`);
  return menu;
};

describe('defaultMenus', () => {
  it('parses as the contract menus', () => {
    for (const menu of defaultMenus) expect(ZMenuSchema.parse(menu)).toEqual(menu);
  });

  it('uses unique 6-character ids for menus and items', () => {
    const ids = defaultMenus.flatMap((m) => [m.id, ...m.items.map((i) => i.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{6}$/);
  });

  it('fills the seeded positions', () => {
    expect(at('sidebar-primary').items.map((i) => [i.label, i.action])).toEqual([
      ['Popular Albums', '/popular-albums'],
      ['Genres', '/genres'],
      ['Popular songs', '/popular-tracks'],
      ['New releases', '/new-releases'],
    ]);
    expect(at('sidebar-secondary').items.map((i) => i.action)).toEqual([
      '/library/songs',
      '/library/albums',
      '/library/artists',
      '/library/history',
    ]);
    expect(at('mobile-bottom').items.map((i) => [i.label, i.action])).toEqual([
      ['Discover', '/'],
      ['Search', '/search'],
      ['Your Music', '/library'],
    ]);
    expect(at('auth-dropdown').items.map((i) => [i.label, i.action, i.permissions])).toEqual([
      ['Admin area', '/admin', ['admin.access']],
      ['Web player', '/', []],
      ['Account settings', '/account-settings', []],
    ]);
    for (const position of ['footer', 'footer-secondary', 'auth-page-footer']) {
      expect(at(position).items.length, position).toBeGreaterThan(0);
    }
    expect(at('auth-page-footer').items.map((i) => i.action)).toContain('/contact');
  });

  it('guards every admin sidebar item with a permission', () => {
    const admin = at('admin-sidebar');
    expect(admin.items).toHaveLength(26);
    for (const item of admin.items) {
      expect(item.action.startsWith('/admin'), item.label).toBe(true);
      // Upload needs the upload api's permission and the one that credits any artist.
      expect(item.permissions, item.label).toHaveLength(item.label === 'Upload' ? 2 : 1);
    }
    const upload = admin.items.find((i) => i.label === 'Upload');
    expect([upload?.action, upload?.permissions]).toEqual([
      '/admin/upload',
      ['music.create', 'tracks.update'],
    ]);
    const byLabel = Object.fromEntries(admin.items.map((i) => [i.label, i.permissions[0]]));
    expect(byLabel).toMatchObject({
      Analytics: 'admin.access',
      Appearance: 'appearance.update',
      Settings: 'settings.update',
      Ads: 'settings.update',
      Requests: 'backstageRequests.update',
      Pages: 'custom_pages.update',
      Upload: 'music.create',
      Logs: 'logs.view',
      Reports: 'reports.handle',
      Webhooks: 'subscriptions.update',
      Payouts: 'subscriptions.update',
    });
  });

  it('guards items with catalogued permissions and known settings keys only', () => {
    const items = defaultMenus.flatMap((menu) => menu.items);
    expect(items.flatMap((i) => i.permissions).filter((name) => !isPermissionName(name))).toEqual([]);
    const settingKeys = items.flatMap((i) => Object.keys(i.settings));
    expect(settingKeys.filter((key) => !isSettingKey(key))).toEqual([]);
  });

  it('orders items and names icons in lucide kebab-case', () => {
    for (const menu of defaultMenus) {
      expect(menu.items.map((i) => i.order)).toEqual(menu.items.map((_, index) => index));
      for (const item of menu.items) {
        expect(item.type).toBe('route');
        if (item.icon) expect(item.icon).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }
    }
  });
});
