import { defaultMenus } from '@cadence/contracts/default-menus';
import type { TMenu } from '@cadence/contracts/menu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { down, up } from './migrations/2026-11-27T16-00_point-admin-upload-menu-item';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t?.close());

const uploadItem = (menus: TMenu[]) =>
  menus.flatMap((menu) => menu.items).find((item) => item.id === 'MS9TsO');

async function storeMenus(menus: TMenu[]) {
  await t.deps.db
    .insertInto('settings')
    .values({ name: 'menus', value: JSON.stringify(menus), is_private: false })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify(menus) }))
    .execute();
}

async function storedMenus(): Promise<TMenu[]> {
  const row = await t.deps.db
    .selectFrom('settings')
    .select('value')
    .where('name', '=', 'menus')
    .executeTakeFirstOrThrow();
  return JSON.parse(row.value ?? '[]');
}

/** Menus as an install seeded before /admin/upload existed holds them, plus an admin's edit. */
function menusBefore(action = '/backstage/upload'): TMenu[] {
  return defaultMenus.map((menu) => ({
    ...menu,
    items: menu.items.map((item) =>
      item.id === 'MS9TsO' ? { ...item, action, permissions: ['music.create'] } : item,
    ),
  }));
}

describe('migration 2026-11-27T16-00 point-admin-upload-menu-item', () => {
  it("points an existing install's admin sidebar Upload item to /admin/upload, and back on down", async () => {
    await storeMenus(menusBefore());
    await up(t.deps.db);
    const after = await storedMenus();
    expect(after).toEqual(defaultMenus);
    expect(uploadItem(after)).toMatchObject({
      action: '/admin/upload',
      permissions: ['music.create', 'tracks.update'],
    });
    await down(t.deps.db);
    expect(await storedMenus()).toEqual(menusBefore());
  });

  it('leaves an item the admin pointed elsewhere alone', async () => {
    await storeMenus(menusBefore('/admin/tracks'));
    await up(t.deps.db);
    expect(uploadItem(await storedMenus())).toMatchObject({
      action: '/admin/tracks',
      permissions: ['music.create'],
    });
  });
});
