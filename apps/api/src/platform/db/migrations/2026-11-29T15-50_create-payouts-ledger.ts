import { type Kysely, sql } from 'kysely';

/**
 * Artist payouts (issue 39): a double-entry ledger. Accounts are platform revenue, provider fees,
 * the platform's share, ad revenue, payouts and one payable per artist and currency. Entries are
 * append-only (UPDATE, DELETE and TRUNCATE are refused by triggers: corrections are reversing
 * entries), each has exactly one positive side in integer minor units, and the debits and credits
 * of one transaction balance per currency, checked at commit by a deferred constraint trigger.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`kind in ('platform_revenue', 'provider_fees', 'platform_share', 'ad_revenue', 'artist_payable', 'payouts')`,
        ),
    )
    .addColumn('artist_id', 'integer', (col) => col.references('artists.id').onDelete('restrict'))
    .addColumn('currency', 'text', (col) => col.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addCheckConstraint(
      'ledger_accounts_artist_only_payable',
      sql`(kind = 'artist_payable') = (artist_id is not null)`,
    )
    .execute();
  await sql`create unique index ledger_accounts_unique on ledger_accounts (kind, coalesce(artist_id, 0), currency)`.execute(
    db,
  );

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('transaction_id', 'uuid', (col) => col.notNull())
    .addColumn('account_id', 'integer', (col) =>
      col.notNull().references('ledger_accounts.id').onDelete('restrict'),
    )
    .addColumn('debit', 'bigint', (col) => col.notNull().defaultTo(0).check(sql`debit >= 0`))
    .addColumn('credit', 'bigint', (col) => col.notNull().defaultTo(0).check(sql`credit >= 0`))
    .addColumn('currency', 'text', (col) => col.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    /** The payout period (YYYY-MM) the entry belongs to. */
    .addColumn('period', 'text', (col) => col.notNull().check(sql`period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`))
    .addColumn('memo', 'text', (col) => col.notNull().defaultTo(''))
    /** The entry this one reverses (a correction), if any. */
    .addColumn('reverses_id', 'bigint', (col) => col.references('ledger_entries.id').onDelete('restrict'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ledger_entries_one_side', sql`(debit > 0) <> (credit > 0)`)
    .execute();
  await db.schema
    .createIndex('ledger_entries_transaction')
    .on('ledger_entries')
    .column('transaction_id')
    .execute();
  await db.schema
    .createIndex('ledger_entries_account')
    .on('ledger_entries')
    .columns(['account_id', 'period'])
    .execute();

  await sql`
    create function ledger_entries_balanced() returns trigger language plpgsql as $$
    declare
      unbalanced text;
    begin
      select string_agg(currency || ' ' || (d - c)::text, ', ') into unbalanced
      from (
        select currency, sum(debit) as d, sum(credit) as c
        from ledger_entries where transaction_id = new.transaction_id
        group by currency
      ) sums
      where d <> c;
      if unbalanced is not null then
        raise exception 'ledger transaction % does not balance (%)', new.transaction_id, unbalanced
          using errcode = '23514';
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger ledger_entries_balanced after insert on ledger_entries
    deferrable initially deferred for each row execute function ledger_entries_balanced()`.execute(db);
  await sql`
    create function ledger_entries_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger entries are append-only: % refused, post a reversing entry', tg_op
        using errcode = '55000';
    end $$`.execute(db);
  await sql`
    create trigger ledger_entries_no_change before update or delete on ledger_entries
    for each row execute function ledger_entries_append_only()`.execute(db);
  await sql`
    create trigger ledger_entries_no_truncate before truncate on ledger_entries
    for each statement execute function ledger_entries_append_only()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ledger_entries').execute();
  await sql`drop function ledger_entries_balanced()`.execute(db);
  await sql`drop function ledger_entries_append_only()`.execute(db);
  await db.schema.dropTable('ledger_accounts').execute();
}
