import { type Kysely, sql } from 'kysely';

const MENU_ID = 'lgmNw5';
const AFTER_ITEM = '9dKZzJ';
const ITEM = {
  id: 'Wh3bEv',
  label: 'Webhooks',
  type: 'route',
  action: '/admin/billing/webhooks',
  icon: 'plug-zap',
  target: null,
  roles: [],
  permissions: ['subscriptions.update'],
  settings: {},
  subscriptionStatus: null,
};

type StoredItem = { id?: unknown; order?: unknown };
type StoredMenu = { id?: unknown; items?: StoredItem[] };

/**
 * /admin/billing/webhooks lists the stored provider events: each gets a number (the admin's row
 * id and the tie breaker of its `received_at` order, indexed for seek pages), and the admin
 * sidebar of an install seeded before gets its item after "Subscriptions".
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table billing_webhook_events add column id integer generated always as identity`.execute(
    db,
  );
  await sql`create unique index billing_webhook_events_id_unique on billing_webhook_events (id)`.execute(db);
  await sql`create index billing_webhook_events_received_id_index on billing_webhook_events (received_at, id)`.execute(
    db,
  );
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
  await db.schema.dropIndex('billing_webhook_events_received_id_index').execute();
  await db.schema.dropIndex('billing_webhook_events_id_unique').execute();
  await db.schema.alterTable('billing_webhook_events').dropColumn('id').execute();
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
