import { type Kysely, sql } from 'kysely';

/**
 * Billing (issue 14): plans (products) with prices in minor units, subscriptions, invoices, the
 * provider customers, and the webhook event ids already handled (each event has one effect).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('feature_list', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('recommended', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('free', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('hidden', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('upload_minutes', 'integer')
    .addColumn('stripe_id', 'text')
    .addColumn('paypal_id', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('prices')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount >= 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('interval', 'text', (col) => col.notNull().check(sql`interval in ('day', 'month', 'year')`))
    .addColumn('interval_count', 'integer', (col) =>
      col.notNull().defaultTo(1).check(sql`interval_count >= 1`),
    )
    .addColumn('archived', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('stripe_id', 'text')
    .addColumn('paypal_id', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('prices_product_id_index').on('prices').column('product_id').execute();

  await db.schema
    .createTable('billing_customers')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('gateway_name', 'text', (col) => col.notNull())
    .addColumn('customer_id', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('billing_customers_pkey', ['user_id', 'gateway_name'])
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('price_id', 'integer', (col) => col.references('prices.id'))
    .addColumn('gateway_name', 'text', (col) => col.notNull())
    .addColumn('gateway_id', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('renews_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('subscriptions_gateway_unique')
    .on('subscriptions')
    .columns(['gateway_name', 'gateway_id'])
    .unique()
    .execute();
  await db.schema.createIndex('subscriptions_user_id_index').on('subscriptions').column('user_id').execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('uuid', 'text', (col) => col.notNull().unique())
    .addColumn('subscription_id', 'integer', (col) =>
      col.notNull().references('subscriptions.id').onDelete('cascade'),
    )
    .addColumn('gateway_id', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('paid', 'boolean', (col) => col.notNull())
    .addColumn('period_start', 'timestamptz')
    .addColumn('period_end', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('invoices_gateway_id_unique')
    .on('invoices')
    .column('gateway_id')
    .unique()
    .execute();
  await db.schema
    .createIndex('invoices_subscription_id_index')
    .on('invoices')
    .column('subscription_id')
    .execute();

  await db.schema
    .createTable('billing_webhook_events')
    .addColumn('gateway_name', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('billing_webhook_events_pkey', ['gateway_name', 'event_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'billing_webhook_events',
    'invoices',
    'subscriptions',
    'billing_customers',
    'prices',
    'products',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
