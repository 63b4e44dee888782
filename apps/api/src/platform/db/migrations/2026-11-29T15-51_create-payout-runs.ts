import { type Kysely, sql } from 'kysely';

/**
 * Artist payouts (issue 39): a run per period (YYYY-MM) and currency, unique (two runs of one
 * period at once: the second is refused), its per artist, track and source earnings, its per
 * artist totals (with the pro rata figure), the ad revenue the admin enters per period, and
 * refunds (one after its period closed is an adjustment of the next period).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  const period = (column: string) => sql`${sql.ref(column)} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`;
  await db.schema
    .createTable('payout_runs')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('period', 'text', (col) => col.notNull().check(period('period')))
    .addColumn('currency', 'text', (col) => col.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('review').check(sql`status in ('review', 'closed')`),
    )
    .addColumn('settings', 'text', (col) => col.notNull())
    .addColumn('money_in', 'bigint', (col) => col.notNull().check(sql`money_in >= 0`))
    .addColumn('fees', 'bigint', (col) => col.notNull().check(sql`fees >= 0`))
    .addColumn('platform_share', 'bigint', (col) => col.notNull().check(sql`platform_share >= 0`))
    .addColumn('unallocated', 'bigint', (col) => col.notNull().check(sql`unallocated >= 0`))
    .addColumn('refunds', 'bigint', (col) => col.notNull().defaultTo(0).check(sql`refunds >= 0`))
    /** The parts of those refunds taken back from the fees and the platform (its unallocated part included). */
    .addColumn('refund_fees', 'bigint', (col) => col.notNull().defaultTo(0).check(sql`refund_fees >= 0`))
    .addColumn('refund_platform_share', 'bigint', (col) =>
      col.notNull().defaultTo(0).check(sql`refund_platform_share >= 0`),
    )
    .addColumn('started_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .addUniqueConstraint('payout_runs_period_currency', ['period', 'currency'])
    .execute();

  await db.schema
    .createTable('payout_artists')
    .addColumn('run_id', 'integer', (col) => col.notNull().references('payout_runs.id').onDelete('cascade'))
    .addColumn('artist_id', 'integer', (col) => col.notNull().references('artists.id').onDelete('restrict'))
    .addColumn('plans', 'bigint', (col) => col.notNull())
    .addColumn('ads', 'bigint', (col) => col.notNull())
    .addColumn('adjustments', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('earned', 'bigint', (col) => col.notNull())
    .addColumn('carried_in', 'bigint', (col) => col.notNull())
    .addColumn('payable', 'bigint', (col) => col.notNull())
    .addColumn('payout', 'bigint', (col) => col.notNull().check(sql`payout >= 0`))
    .addColumn('rolled_over', 'bigint', (col) => col.notNull())
    .addColumn('pro_rata', 'bigint', (col) => col.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addPrimaryKeyConstraint('payout_artists_pk', ['run_id', 'artist_id'])
    .execute();

  await db.schema
    .createTable('payout_lines')
    .addColumn('run_id', 'integer', (col) => col.notNull().references('payout_runs.id').onDelete('cascade'))
    .addColumn('artist_id', 'integer', (col) => col.notNull())
    .addColumn('track_id', 'integer', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull().check(sql`source in ('plans', 'ads', 'adjustments')`))
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('payout_lines_pk', ['run_id', 'artist_id', 'track_id', 'source'])
    .execute();

  await db.schema
    .createTable('payout_ad_revenue')
    .addColumn('period', 'text', (col) => col.notNull().check(period('period')))
    .addColumn('currency', 'text', (col) => col.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount >= 0`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('payout_ad_revenue_pk', ['period', 'currency'])
    .execute();

  await db.schema
    .createTable('payout_refunds')
    .addColumn('invoice_id', 'integer', (col) =>
      col.primaryKey().references('invoices.id').onDelete('restrict'),
    )
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount > 0`))
    /** The invoice's own period. */
    .addColumn('period', 'text', (col) => col.notNull().check(period('period')))
    /** Null while the invoice's period is open (the run leaves the account out); else the next period. */
    .addColumn('adjustment_period', 'text', (col) => col.check(period('adjustment_period')))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payout_refunds').execute();
  await db.schema.dropTable('payout_ad_revenue').execute();
  await db.schema.dropTable('payout_lines').execute();
  await db.schema.dropTable('payout_artists').execute();
  await db.schema.dropTable('payout_runs').execute();
}
