import type { TAdminSubscriptionsQuery, TAdminWebhookEventsQuery } from '@cadence/contracts/billing';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { type Kysely, sql, type Transaction } from 'kysely';
import { adminPage, searchColumns } from '../../platform/db/admin-list';
import type { Database } from '../../platform/db/schema';
import type { InvoicesTable, PricesTable, ProductsTable, SubscriptionsTable } from './billing.tables';

type Db = Kysely<Database> | Transaction<Database>;
export type ProductRow = Selectable<ProductsTable>;
export type PriceRow = Selectable<PricesTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;

/** Same rule as the auth repository's: a live status, not past its end. */
export const isValidSql = sql<boolean>`(subscriptions.status in ('active', 'trialing', 'past_due') and (subscriptions.ends_at is null or subscriptions.ends_at > now()))`;

/** A verified webhook event as stored. */
export type StoredEventValues = {
  gateway: string;
  eventId: string;
  type: string;
  subject: string | null;
  payload: string;
};

/** One stored event's identity: its provider and the provider's event id. */
export const eventKey = (gateway: string, eventId: string) => `${gateway}\n${eventId}`;

/** All SQL of billing. */
export const billingRepository = {
  async products(db: Db, options: { includeHidden: boolean; query?: string }) {
    let query = db.selectFrom('products').selectAll().orderBy('position').orderBy('id');
    if (!options.includeHidden) query = query.where('hidden', '=', false);
    if (options.query)
      query = query.where((eb) =>
        eb(eb.fn('strpos', [eb.fn('lower', ['name']), eb.val(options.query!.toLowerCase())]), '>', 0),
      );
    return query.execute();
  },

  findProduct: (db: Db, id: number) =>
    db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst(),

  async pricesOf(db: Db, productIds: number[]) {
    if (productIds.length === 0) return [];
    return db.selectFrom('prices').selectAll().where('product_id', 'in', productIds).orderBy('id').execute();
  },

  findPrice: (db: Db, id: number) =>
    db.selectFrom('prices').selectAll().where('id', '=', id).executeTakeFirst(),

  findPriceByGatewayId: (db: Db, gateway: 'stripe' | 'paypal', gatewayId: string) =>
    db
      .selectFrom('prices')
      .selectAll()
      .where(gateway === 'stripe' ? 'stripe_id' : 'paypal_id', '=', gatewayId)
      .executeTakeFirst(),

  async planPermissions(db: Db, productIds: number[]) {
    if (productIds.length === 0) return [];
    return db
      .selectFrom('permissionables as pa')
      .innerJoin('permissions as p', 'p.id', 'pa.permission_id')
      .select(['pa.permissionable_id as product_id', 'p.name', 'pa.restrictions'])
      .where('pa.permissionable_type', '=', 'plan')
      .where('pa.permissionable_id', 'in', productIds)
      .orderBy('p.name')
      .execute();
  },

  async subscriberCounts(db: Db, priceIds: number[]) {
    if (priceIds.length === 0) return new Map<number, number>();
    const rows = await db
      .selectFrom('subscriptions')
      .select(['price_id', (eb) => eb.fn.countAll<string | number>().as('count')])
      .where('price_id', 'in', priceIds)
      .where(isValidSql)
      .groupBy('price_id')
      .execute();
    return new Map(rows.map((row) => [row.price_id as number, Number(row.count)]));
  },

  insertProduct: (db: Db, values: Insertable<ProductsTable>) =>
    db.insertInto('products').values(values).returning('id').executeTakeFirstOrThrow(),

  updateProduct: (db: Db, id: number, values: Updateable<ProductsTable>) =>
    db.updateTable('products').set(values).where('id', '=', id).execute(),

  insertPrice: (db: Db, values: Insertable<PricesTable>) =>
    db.insertInto('prices').values(values).returning('id').executeTakeFirstOrThrow(),

  updatePrice: (db: Db, id: number, values: Updateable<PricesTable>) =>
    db.updateTable('prices').set(values).where('id', '=', id).execute(),

  deletePrice: (db: Db, id: number) => db.deleteFrom('prices').where('id', '=', id).execute(),

  async hasAnySubscription(db: Db, column: 'price_id' | 'product_id', id: number) {
    const row = await db
      .selectFrom('subscriptions')
      .select('id')
      .where(column, '=', id)
      .limit(1)
      .executeTakeFirst();
    return Boolean(row);
  },

  deleteProduct: (db: Db, id: number) => db.deleteFrom('products').where('id', '=', id).execute(),

  async replacePlanPermissions(
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
  },

  findCustomer: (db: Db, userId: number, gateway: string) =>
    db
      .selectFrom('billing_customers')
      .select('customer_id')
      .where('user_id', '=', userId)
      .where('gateway_name', '=', gateway)
      .executeTakeFirst(),

  findUserIdByCustomer: (db: Db, gateway: string, customerId: string) =>
    db
      .selectFrom('billing_customers')
      .select('user_id')
      .where('gateway_name', '=', gateway)
      .where('customer_id', '=', customerId)
      .executeTakeFirst(),

  saveCustomer: (db: Db, userId: number, gateway: string, customerId: string) =>
    db
      .insertInto('billing_customers')
      .values({ user_id: userId, gateway_name: gateway, customer_id: customerId })
      .onConflict((oc) => oc.columns(['user_id', 'gateway_name']).doNothing())
      .execute(),

  findUser: (db: Db, id: number) =>
    db.selectFrom('users').select(['id', 'email', 'name']).where('id', '=', id).executeTakeFirst(),

  /** The newest subscription that grants its plan now. */
  findValidSubscription: (db: Db, userId: number) =>
    db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where(isValidSql)
      .orderBy('id', 'desc')
      .executeTakeFirst(),

  /** The newest subscription of any state (/billing shows an ended one too). */
  findLatestSubscription: (db: Db, userId: number) =>
    db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirst(),

  findSubscription: (db: Db, id: number) =>
    db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst(),

  findSubscriptionByGateway: (db: Db, gateway: string, gatewayId: string) =>
    db
      .selectFrom('subscriptions')
      .selectAll()
      .where('gateway_name', '=', gateway as SubscriptionRow['gateway_name'])
      .where('gateway_id', '=', gatewayId)
      .forUpdate()
      .executeTakeFirst(),

  /** The webhook sweep's subscriptions of one provider, locked for its writes (in id order: no deadlock). */
  lockSubscriptionsByGateway: async (db: Db, gateway: string, gatewayIds: string[]) =>
    gatewayIds.length === 0
      ? []
      : db
          .selectFrom('subscriptions')
          .selectAll()
          .where('gateway_name', '=', gateway as SubscriptionRow['gateway_name'])
          .where('gateway_id', 'in', gatewayIds)
          .orderBy('id')
          .forUpdate()
          .execute(),

  /** Which of these provider subscriptions we hold a row for (no lock: read before the sweep's transaction). */
  async heldGatewayIds(db: Db, gateway: string, gatewayIds: string[]): Promise<Set<string>> {
    if (gatewayIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('subscriptions')
      .select('gateway_id')
      .where('gateway_name', '=', gateway as SubscriptionRow['gateway_name'])
      .where('gateway_id', 'in', gatewayIds)
      .execute();
    return new Set(rows.map((row) => String(row.gateway_id)));
  },

  pricesByGatewayIds: async (db: Db, gateway: 'stripe' | 'paypal', gatewayIds: string[]) =>
    gatewayIds.length === 0
      ? []
      : db
          .selectFrom('prices')
          .selectAll()
          .where(gateway === 'stripe' ? 'stripe_id' : 'paypal_id', 'in', gatewayIds)
          .execute(),

  productsByIds: async (db: Db, ids: number[]) =>
    ids.length === 0 ? [] : db.selectFrom('products').selectAll().where('id', 'in', ids).execute(),

  insertSubscription: (db: Db, values: Insertable<SubscriptionsTable>) =>
    db.insertInto('subscriptions').values(values).returningAll().executeTakeFirstOrThrow(),

  updateSubscription: (db: Db, id: number, values: Updateable<SubscriptionsTable>) =>
    db.updateTable('subscriptions').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),

  /**
   * The webhook sweep's provider states for rows it holds, in one statement: each row's plan,
   * price, status and dates set from its own values. Answers the updated rows.
   */
  async updateSubscriptionStates(
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
  },

  /** Serialises the writes of one user's subscriptions (a double-clicked pay button, parallel webhooks). */
  lockUser: (db: Db, userId: number) =>
    db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst(),

  /** /admin/subscriptions: a page of subscriptions with their user and plan, filtered and sorted. */
  async subscriptionsPage(db: Db, input: TAdminSubscriptionsQuery) {
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
  },

  /** Inserted once per provider invoice; a replay only settles `paid`. Says whether it is new or newly paid. */
  /** The invoices among these provider ids that exist, locked: a batch decides new / became paid on them. */
  lockInvoicesByGatewayIds: async (db: Db, gatewayIds: string[]) =>
    gatewayIds.length === 0
      ? []
      : db
          .selectFrom('invoices')
          .select(['gateway_id', 'uuid', 'paid'])
          .where('gateway_id', 'in', gatewayIds)
          .orderBy('id')
          .forUpdate()
          .execute(),

  /** New invoices in one statement; answers the provider ids actually inserted. */
  async insertInvoices(db: Db, rows: Insertable<InvoicesTable>[]): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const inserted = await db
      .insertInto('invoices')
      .values(rows)
      .onConflict((oc) => oc.column('gateway_id').doNothing())
      .returning('gateway_id')
      .execute();
    return new Set(inserted.map((row) => String(row.gateway_id)));
  },

  /** Unpaid invoices settled by a later event, in one statement. */
  markInvoicesPaid: async (db: Db, gatewayIds: string[]) =>
    gatewayIds.length === 0
      ? []
      : db
          .updateTable('invoices')
          .set({ paid: true })
          .where('gateway_id', 'in', gatewayIds)
          .where('paid', '=', false)
          .returning(['gateway_id', 'uuid'])
          .execute(),

  invoicesOfUser: (db: Db, userId: number) =>
    db
      .selectFrom('invoices')
      .innerJoin('subscriptions', 'subscriptions.id', 'invoices.subscription_id')
      .selectAll('invoices')
      .where('subscriptions.user_id', '=', userId)
      .orderBy('invoices.id', 'desc')
      .limit(50)
      .execute(),

  findInvoice: (db: Db, uuid: string) =>
    db
      .selectFrom('invoices')
      .innerJoin('subscriptions', 'subscriptions.id', 'invoices.subscription_id')
      .innerJoin('products', 'products.id', 'subscriptions.product_id')
      .selectAll('invoices')
      .select(['subscriptions.user_id', 'products.name as product_name'])
      .where('invoices.uuid', '=', uuid)
      .executeTakeFirst(),

  /**
   * Stores verified events once each: the unique (gateway, event id) with ON CONFLICT DO NOTHING
   * is the dedupe, and one statement takes every event that arrived together (the webhook
   * requests of one moment, see webhooks.service.ts). Answers the keys (`gateway` + `\n` + event
   * id) this call stored: the others were stored before, duplicates.
   */
  async storeEvents(db: Db, events: StoredEventValues[]): Promise<Set<string>> {
    if (events.length === 0) return new Set();
    const rows = await db
      .insertInto('billing_webhook_events')
      .values(
        events.map((values) => ({
          gateway_name: values.gateway,
          event_id: values.eventId,
          event_type: values.type,
          subject: values.subject,
          payload: values.payload,
        })),
      )
      .onConflict((oc) => oc.columns(['gateway_name', 'event_id']).doNothing())
      .returning(['gateway_name', 'event_id'])
      .execute();
    return new Set(rows.map((row) => eventKey(row.gateway_name, row.event_id)));
  },

  /**
   * The webhook sweep's events: every pending event never tried (`attempts` 0), and the pending
   * events of the subscriptions or events asked for by name (a retry, the admin's "retry now", the
   * re-queue), whatever their attempts; oldest first.
   */
  sweepableEvents(
    db: Db,
    asks: { gateway: string; subject: string | null; eventId: string }[],
    limit: number,
  ) {
    return db
      .selectFrom('billing_webhook_events')
      .selectAll()
      .where('processed_at', 'is', null)
      .where((eb) => {
        const named = (['stripe', 'paypal'] as const).flatMap((gateway) => {
          const mine = asks.filter((ask) => ask.gateway === gateway);
          const subjects = [...new Set(mine.flatMap((ask) => (ask.subject === null ? [] : [ask.subject])))];
          const events = [...new Set(mine.filter((ask) => ask.subject === null).map((ask) => ask.eventId))];
          return [
            ...(subjects.length > 0
              ? [eb.and([eb('gateway_name', '=', gateway), eb('subject', 'in', subjects)])]
              : []),
            ...(events.length > 0
              ? [eb.and([eb('gateway_name', '=', gateway), eb('event_id', 'in', events)])]
              : []),
          ];
        });
        return eb.or([eb('attempts', '=', 0), ...named]);
      })
      .orderBy('received_at')
      .orderBy('event_id')
      .limit(limit)
      .execute();
  },

  /** Marks these events (of any provider) processed, the pending ones only, and answers those. */
  claimEvents: async (db: Db, events: { gateway: string; eventId: string }[]) => {
    const claimed: { gateway_name: string; event_id: string }[] = [];
    for (const gateway of new Set(events.map((event) => event.gateway))) {
      const ids = events.filter((event) => event.gateway === gateway).map((event) => event.eventId);
      claimed.push(
        ...(await db
          .updateTable('billing_webhook_events')
          .set({ processed_at: new Date(), last_error: null })
          .where('gateway_name', '=', gateway)
          .where('event_id', 'in', ids)
          .where('processed_at', 'is', null)
          .returning(['gateway_name', 'event_id'])
          .execute()),
      );
    }
    return claimed;
  },

  /** A failed attempt, kept for the admin and the logs; the event stays pending. */
  noteEventFailure: (db: Db, gateway: string, eventIds: string[], error: string) =>
    db
      .updateTable('billing_webhook_events')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 1000) }))
      .where('gateway_name', '=', gateway)
      .where('event_id', 'in', eventIds)
      .where('processed_at', 'is', null)
      .execute(),

  /**
   * Stored events not applied yet (received before `before`), oldest first: the re-queue after a
   * restart and the sweep. With `retryBackoffMs`, an event that already failed `n` times waits
   * until `n² × retryBackoffMs` after its receipt: an event that always fails is tried less and
   * less often (with 5 minutes: 5, 20, 45 minutes... about every 3 hours after a day), never
   * dropped, and its `last_error` stays for the admin.
   */
  unprocessedEvents: (db: Db, before: Date, limit: number, retryBackoffMs = 0) =>
    db
      .selectFrom('billing_webhook_events')
      .select(['gateway_name', 'event_id', 'subject'])
      .where('processed_at', 'is', null)
      .where('received_at', '<=', before)
      .where(
        sql<boolean>`received_at + attempts * attempts * ${retryBackoffMs} * interval '1 millisecond' <= ${before}`,
      )
      .orderBy('received_at')
      .limit(limit)
      .execute(),

  /** /admin/billing/webhooks: a page of stored events, newest first, seekable by (received_at, id). */
  webhookEventsPage(db: Kysely<Database>, input: TAdminWebhookEventsQuery) {
    let base = db.selectFrom('billing_webhook_events');
    if (input.provider) base = base.where('gateway_name', '=', input.provider);
    if (input.status === 'applied') base = base.where('processed_at', 'is not', null);
    if (input.status === 'pending') base = base.where('processed_at', 'is', null).where('attempts', '=', 0);
    if (input.status === 'failed') base = base.where('processed_at', 'is', null).where('attempts', '>', 0);
    if (input.query) base = base.where(searchColumns(['billing_webhook_events.event_id'], input.query));
    return adminPage(
      base,
      input,
      {
        sortable: { received_at: 'billing_webhook_events.received_at' },
        defaultOrderBy: 'received_at',
        defaultDir: 'desc',
        tieBreaker: 'billing_webhook_events.id',
        seek: { received_at: 'timestamptz' },
      },
      (query) =>
        query.select([
          'id',
          'gateway_name',
          'event_id',
          'event_type',
          'subject',
          'received_at',
          'processed_at',
          'attempts',
          'last_error',
        ]),
      { db },
    );
  },

  findEventById: (db: Db, id: number) =>
    db.selectFrom('billing_webhook_events').selectAll().where('id', '=', id).executeTakeFirst(),

  eventsByIds: (db: Db, ids: number[]) =>
    db
      .selectFrom('billing_webhook_events')
      .select(['id', 'gateway_name', 'event_id', 'subject', 'processed_at', 'attempts', 'last_error'])
      .where('id', 'in', ids)
      .orderBy('received_at')
      .orderBy('id')
      .execute(),

  countUnprocessedEvents: async (db: Db) =>
    Number(
      (
        await db
          .selectFrom('billing_webhook_events')
          .select((eb) => eb.fn.countAll<string | number>().as('count'))
          .where('processed_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).count,
    ),
};
