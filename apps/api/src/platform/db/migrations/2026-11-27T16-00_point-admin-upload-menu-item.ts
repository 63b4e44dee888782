import type { Kysely } from 'kysely';

const ITEM_ID = 'MS9TsO';
const OLD_ACTION = '/backstage/upload';
const NEW_ACTION = '/admin/upload';

type StoredItem = { id?: unknown; action?: unknown; permissions?: unknown };
type StoredMenu = { items?: StoredItem[] };

/**
 * The admin sidebar's seeded "Upload" item went to /backstage/upload until the admin had its
 * own upload page (issue 12). Installs seeded before then get the new target; an item the
 * admin already pointed elsewhere is left alone.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await rewrite(db, (item) =>
    item.id === ITEM_ID && item.action === OLD_ACTION
      ? { ...item, action: NEW_ACTION, permissions: ['music.create', 'tracks.update'] }
      : item,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await rewrite(db, (item) =>
    item.id === ITEM_ID && item.action === NEW_ACTION
      ? { ...item, action: OLD_ACTION, permissions: ['music.create'] }
      : item,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function rewrite(db: Kysely<any>, change: (item: StoredItem) => StoredItem): Promise<void> {
  const row = await db.selectFrom('settings').select('value').where('name', '=', 'menus').executeTakeFirst();
  if (!row?.value) return;
  let menus: unknown;
  try {
    menus = JSON.parse(row.value);
  } catch {
    return;
  }
  if (!Array.isArray(menus)) return;
  const next = (menus as StoredMenu[]).map((menu) =>
    Array.isArray(menu.items) ? { ...menu, items: menu.items.map(change) } : menu,
  );
  const value = JSON.stringify(next);
  if (value === JSON.stringify(menus)) return;
  await db
    .updateTable('settings')
    .set({ value, updated_at: new Date() })
    .where('name', '=', 'menus')
    .execute();
}
