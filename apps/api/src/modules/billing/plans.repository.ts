import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { PricesTable, ProductsTable } from './billing.tables';
import { isValidSql } from './subscriptions.repository';

type Db = Kysely<Database> | Transaction<Database>;
export type ProductRow = Selectable<ProductsTable>;
export type PriceRow = Selectable<PricesTable>;

export async function products(db: Db, options: { includeHidden: boolean; query?: string }) {
  let query = db.selectFrom('products').selectAll().orderBy('position').orderBy('id');
  if (!options.includeHidden) query = query.where('hidden', '=', false);
  if (options.query)
    query = query.where((eb) =>
      eb(eb.fn('strpos', [eb.fn('lower', ['name']), eb.val(options.query!.toLowerCase())]), '>', 0),
    );
  return query.execute();
}

export function findProduct(db: Db, id: number) {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function pricesOf(db: Db, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db.selectFrom('prices').selectAll().where('product_id', 'in', productIds).orderBy('id').execute();
}

export function findPrice(db: Db, id: number) {
  return db.selectFrom('prices').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPriceByGatewayId(db: Db, gateway: 'stripe' | 'paypal', gatewayId: string) {
  return db
    .selectFrom('prices')
    .selectAll()
    .where(gateway === 'stripe' ? 'stripe_id' : 'paypal_id', '=', gatewayId)
    .executeTakeFirst();
}

export async function pricesByGatewayIds(db: Db, gateway: 'stripe' | 'paypal', gatewayIds: string[]) {
  return gatewayIds.length === 0
    ? []
    : db
        .selectFrom('prices')
        .selectAll()
        .where(gateway === 'stripe' ? 'stripe_id' : 'paypal_id', 'in', gatewayIds)
        .execute();
}

export async function productsByIds(db: Db, ids: number[]) {
  return ids.length === 0 ? [] : db.selectFrom('products').selectAll().where('id', 'in', ids).execute();
}

export async function planPermissions(db: Db, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('permissionables as pa')
    .innerJoin('permissions as p', 'p.id', 'pa.permission_id')
    .select(['pa.permissionable_id as product_id', 'p.name', 'pa.restrictions'])
    .where('pa.permissionable_type', '=', 'plan')
    .where('pa.permissionable_id', 'in', productIds)
    .orderBy('p.name')
    .execute();
}

export async function subscriberCounts(db: Db, priceIds: number[]) {
  if (priceIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('subscriptions')
    .select(['price_id', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where('price_id', 'in', priceIds)
    .where(isValidSql)
    .groupBy('price_id')
    .execute();
  return new Map(rows.map((row) => [row.price_id as number, Number(row.count)]));
}

export function insertProduct(db: Db, values: Insertable<ProductsTable>) {
  return db.insertInto('products').values(values).returning('id').executeTakeFirstOrThrow();
}

export function updateProduct(db: Db, id: number, values: Updateable<ProductsTable>) {
  return db.updateTable('products').set(values).where('id', '=', id).execute();
}

export function insertPrice(db: Db, values: Insertable<PricesTable>) {
  return db.insertInto('prices').values(values).returning('id').executeTakeFirstOrThrow();
}

export function updatePrice(db: Db, id: number, values: Updateable<PricesTable>) {
  return db.updateTable('prices').set(values).where('id', '=', id).execute();
}

export function deletePrice(db: Db, id: number) {
  return db.deleteFrom('prices').where('id', '=', id).execute();
}

export async function hasAnySubscription(db: Db, column: 'price_id' | 'product_id', id: number) {
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where(column, '=', id)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export function deleteProduct(db: Db, id: number) {
  return db.deleteFrom('products').where('id', '=', id).execute();
}

export async function replacePlanPermissions(
  db: Db,
  productId: number,
  grants: { name: string; restrictions: { name: string; value: number | null }[] }[],
) {
  await db
    .deleteFrom('permissionables')
    .where('permissionable_type', '=', 'plan')
    .where('permissionable_id', '=', productId)
    .execute();
  if (grants.length === 0) return [];
  const known = await db
    .selectFrom('permissions')
    .select(['id', 'name'])
    .where(
      'name',
      'in',
      grants.map((grant) => grant.name),
    )
    .execute();
  const ids = new Map(known.map((row) => [row.name, row.id]));
  const rows = grants
    .filter((grant) => ids.has(grant.name))
    .map((grant) => ({
      permission_id: ids.get(grant.name) as number,
      permissionable_type: 'plan' as const,
      permissionable_id: productId,
      restrictions: JSON.stringify(grant.restrictions),
    }));
  if (rows.length > 0) await db.insertInto('permissionables').values(rows).execute();
  return grants.filter((grant) => !ids.has(grant.name)).map((grant) => grant.name);
}
