import type { Kysely } from 'kysely';

const MENU_ID = 'lgmNw5';
const AFTER_ITEM = 'Wh3bEv';
const ITEM = {
  id: 'Pv7Rn2',
  label: 'Payouts',
  type: 'route',
  action: '/admin/payouts',
  icon: 'banknote',
  target: null,
  roles: [],
  permissions: ['subscriptions.update'],
  settings: {},
  subscriptionStatus: null,
};

type StoredItem = { id?: unknown; order?: unknown };
type StoredMenu = { id?: unknown; items?: StoredItem[] };

/**
 * The admin sidebar of an install seeded before artist payouts (issue 39) gets their item after
 * "Webhooks"; an install that already has it (or removed the menu) is left alone.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await rewriteAdminMenu(db, (items) => {
    if (items.some((item) => item.id === ITEM.id)) return items;
    const at = items.findIndex((item) => item.id === AFTER_ITEM);
    const next = [...items];
    next.splice(at === -1 ? next.length : at + 1, 0, { ...ITEM });
    return next.map((item, order) => ({ ...item, order }));
  });
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await rewriteAdminMenu(db, (items) =>
    items.filter((item) => item.id !== ITEM.id).map((item, order) => ({ ...item, order })),
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function rewriteAdminMenu(db: Kysely<any>, change: (items: StoredItem[]) => StoredItem[]) {
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
    menu.id === MENU_ID && Array.isArray(menu.items) ? { ...menu, items: change(menu.items) } : menu,
  );
  const value = JSON.stringify(next);
  if (value === JSON.stringify(menus)) return;
  await db
    .updateTable('settings')
    .set({ value, updated_at: new Date() })
    .where('name', '=', 'menus')
    .execute();
}
