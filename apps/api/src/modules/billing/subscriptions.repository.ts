import type { TAdminSubscriptionsQuery } from '@cadence/contracts/billing';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { InvoicesTable, SubscriptionsTable } from './billing.tables';

type Db = Kysely<Database> | Transaction<Database>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;

/** Same rule as the auth repository's: a live status, not past its end. */
export const isValidSql = sql<boolean>`(subscriptions.status in ('active', 'trialing', 'past_due') and (subscriptions.ends_at is null or subscriptions.ends_at > now()))`;

export function findCustomer(db: Db, userId: number, gateway: string) {
  return db
    .selectFrom('billing_customers')
    .select('customer_id')
    .where('user_id', '=', userId)
    .where('gateway_name', '=', gateway)
    .executeTakeFirst();
}

export function findUserIdByCustomer(db: Db, gateway: string, customerId: string) {
  return db
    .selectFrom('billing_customers')
    .select('user_id')
    .where('gateway_name', '=', gateway)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

export function saveCustomer(db: Db, userId: number, gateway: string, customerId: string) {
  return db
    .insertInto('billing_customers')
    .values({ user_id: userId, gateway_name: gateway, customer_id: customerId })
    .onConflict((oc) => oc.columns(['user_id', 'gateway_name']).doNothing())
    .execute();
}

export function findUser(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'email', 'name']).where('id', '=', id).executeTakeFirst();
}

/** Serialises the writes of one user's subscriptions (a double-clicked pay button, parallel webhooks). */
export function lockUser(db: Db, userId: number) {
  return db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}

/** The newest subscription that grants its plan now. */
export function findValidSubscription(db: Db, userId: number) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where(isValidSql)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The newest subscription of any state (/billing shows an ended one too). */
export function findLatestSubscription(db: Db, userId: number) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function findSubscription(db: Db, id: number) {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findSubscriptionByGateway(db: Db, gateway: string, gatewayId: string) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('gateway_name', '=', gateway as SubscriptionRow['gateway_name'])
    .where('gateway_id', '=', gatewayId)
    .forUpdate()
    .executeTakeFirst();
}

/** The webhook sweep's subscriptions of one provider, locked for its writes (in id order: no deadlock). */
export async function lockSubscriptionsByGateway(db: Db, gateway: string, gatewayIds: string[]) {
  return gatewayIds.length === 0
    ? []
    : db
        .selectFrom('subscriptions')
        .selectAll()
        .where('gateway_name', '=', gateway as SubscriptionRow['gateway_name'])
        .where('gateway_id', 'in', gatewayIds)
        .orderBy('id')
        .forUpdate()
        .execute();
}

/** Which of these provider subscriptions we hold a row for (no lock: read before the sweep's transaction). */
export async function heldGatewayIds(db: Db, gateway: string, gatewayIds: string[]): Promise<Set<string>> {
  if (gatewayIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('subscriptions')
    .select('gateway_id')
    .where('gateway_name', '=', gateway as SubscriptionRow['gateway_name'])
    .where('gateway_id', 'in', gatewayIds)
    .execute();
  return new Set(rows.map((row) => String(row.gateway_id)));
}

export function insertSubscription(db: Db, values: Insertable<SubscriptionsTable>) {
  return db.insertInto('subscriptions').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateSubscription(db: Db, id: number, values: Updateable<SubscriptionsTable>) {
  return db
    .updateTable('subscriptions')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The webhook sweep's provider states for rows it holds, in one statement: each row's plan,
 * price, status and dates set from its own values. Answers the updated rows.
 */
export async function updateSubscriptionStates(
  db: Db,
  states: {
    id: number;
    product_id: number;
    price_id: number;
    status: string;
    renews_at: Date | null;
    ends_at: Date | null;
  }[],
): Promise<SubscriptionRow[]> {
  if (states.length === 0) return [];
  const rows = sql.join(
    states.map(
      (state) =>
        sql`(${state.id}::int, ${state.product_id}::int, ${state.price_id}::int, ${state.status}::text, ${state.renews_at}::timestamptz, ${state.ends_at}::timestamptz)`,
    ),
  );
  const result = await sql<SubscriptionRow>`
      update subscriptions as s
         set product_id = v.product_id, price_id = v.price_id, status = v.status,
             renews_at = v.renews_at, ends_at = v.ends_at, updated_at = now()
        from (values ${rows}) as v (id, product_id, price_id, status, renews_at, ends_at)
       where s.id = v.id
      returning s.*`.execute(db);
  return result.rows;
}

/** /admin/subscriptions: a page of subscriptions with their user and plan, filtered and sorted. */
export async function subscriptionsPage(db: Db, input: TAdminSubscriptionsQuery) {
  let base = db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .innerJoin('products', 'products.id', 'subscriptions.product_id');
  if (input.query) {
    const text = input.query.toLowerCase();
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn('strpos', [eb.fn('lower', ['users.email']), eb.val(text)]), '>', 0),
        eb(eb.fn('strpos', [eb.fn('lower', ['users.name']), eb.val(text)]), '>', 0),
      ]),
    );
  }
  if (input.gateway) base = base.where('subscriptions.gateway_name', '=', input.gateway);
  if (input.product) base = base.where('subscriptions.product_id', '=', input.product);
  if (input.state === 'active') base = base.where(isValidSql).where('subscriptions.ends_at', 'is', null);
  if (input.state === 'on_grace')
    base = base.where(isValidSql).where('subscriptions.ends_at', 'is not', null);
  if (input.state === 'past_due') base = base.where('subscriptions.status', '=', 'past_due');
  if (input.state === 'ended') base = base.where(sql<boolean>`not ${isValidSql}`);
  const orderColumn = `subscriptions.${input.orderBy ?? 'created_at'}` as const;
  const [rows, count] = await Promise.all([
    base
      .selectAll('subscriptions')
      .select(['users.name as user_name', 'users.email as user_email', 'products.name as product_name'])
      .orderBy(orderColumn, input.orderDir ?? 'desc')
      .orderBy('subscriptions.id', 'desc')
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The invoices among these provider ids that exist, locked: a batch decides new / became paid on them. */
export async function lockInvoicesByGatewayIds(db: Db, gatewayIds: string[]) {
  return gatewayIds.length === 0
    ? []
    : db
        .selectFrom('invoices')
        .select(['gateway_id', 'uuid', 'paid'])
        .where('gateway_id', 'in', gatewayIds)
        .orderBy('id')
        .forUpdate()
        .execute();
}

/** New invoices in one statement; answers the provider ids actually inserted. */
export async function insertInvoices(db: Db, rows: Insertable<InvoicesTable>[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db
    .insertInto('invoices')
    .values(rows)
    .onConflict((oc) => oc.column('gateway_id').doNothing())
    .returning('gateway_id')
    .execute();
  return new Set(inserted.map((row) => String(row.gateway_id)));
}

/** Unpaid invoices settled by a later event, in one statement. */
export async function markInvoicesPaid(db: Db, gatewayIds: string[]) {
  return gatewayIds.length === 0
    ? []
    : db
        .updateTable('invoices')
        .set({ paid: true })
        .where('gateway_id', 'in', gatewayIds)
        .where('paid', '=', false)
        .returning(['gateway_id', 'uuid'])
        .execute();
}

export function invoicesOfUser(db: Db, userId: number) {
  return db
    .selectFrom('invoices')
    .innerJoin('subscriptions', 'subscriptions.id', 'invoices.subscription_id')
    .selectAll('invoices')
    .where('subscriptions.user_id', '=', userId)
    .orderBy('invoices.id', 'desc')
    .limit(50)
    .execute();
}

export function findInvoice(db: Db, uuid: string) {
  return db
    .selectFrom('invoices')
    .innerJoin('subscriptions', 'subscriptions.id', 'invoices.subscription_id')
    .innerJoin('products', 'products.id', 'subscriptions.product_id')
    .selectAll('invoices')
    .select(['subscriptions.user_id', 'products.name as product_name'])
    .where('invoices.uuid', '=', uuid)
    .executeTakeFirst();
}
