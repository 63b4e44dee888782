import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { TLedgerAccountKind } from './payouts.tables';

type Db = Kysely<Database> | Transaction<Database>;

export type TLedgerLeg = {
  kind: TLedgerAccountKind;
  artistId?: number | null;
  /** Integer minor units, > 0. */
  debit?: number;
  credit?: number;
  memo?: string;
  reversesId?: number | null;
};

/** The account of a kind (and artist) in a currency, created on first use. */
export async function accountId(
  db: Db,
  kind: TLedgerAccountKind,
  currency: string,
  artistId: number | null = null,
): Promise<number> {
  const found = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .where(sql<boolean>`coalesce(artist_id, 0) = ${artistId ?? 0}`)
    .executeTakeFirst();
  if (found) return found.id;
  await sql`insert into ledger_accounts (kind, artist_id, currency) values (${kind}, ${artistId}, ${currency})
    on conflict (kind, coalesce(artist_id, 0), currency) do nothing`.execute(db);
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .where(sql<boolean>`coalesce(artist_id, 0) = ${artistId ?? 0}`)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * One ledger transaction: its legs are inserted together; the database refuses the commit when
 * they do not balance. Call inside a Kysely transaction (the check runs at commit). Returns the id.
 */
export async function postTransaction(
  db: Db,
  input: { currency: string; period: string; legs: TLedgerLeg[] },
): Promise<string> {
  const transactionId = randomUUID();
  const legs = input.legs.filter((leg) => (leg.debit ?? 0) > 0 || (leg.credit ?? 0) > 0);
  if (legs.length === 0) return transactionId;
  const ids = new Map<string, number>();
  const rows = [];
  for (const leg of legs) {
    const key = `${leg.kind}:${leg.artistId ?? 0}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = await accountId(db, leg.kind, input.currency, leg.artistId ?? null);
      ids.set(key, id);
    }
    rows.push({
      transaction_id: transactionId,
      account_id: id,
      debit: leg.debit ?? 0,
      credit: leg.credit ?? 0,
      currency: input.currency,
      period: input.period,
      memo: leg.memo ?? '',
      reverses_id: leg.reversesId ?? null,
    });
  }
  await db.insertInto('ledger_entries').values(rows).execute();
  return transactionId;
}

/** A correction: the same legs with the sides swapped, each pointing at the entry it reverses. */
export async function reverseTransaction(db: Db, transactionId: string, period: string): Promise<string> {
  const entries = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select(['ledger_entries.id', 'kind', 'artist_id', 'debit', 'credit', 'ledger_entries.currency', 'memo'])
    .where('transaction_id', '=', transactionId)
    .execute();
  if (entries.length === 0) throw new Error(`no ledger transaction ${transactionId}`);
  const currency = entries[0]?.currency as string;
  return postTransaction(db, {
    currency,
    period,
    legs: entries.map((entry) => ({
      kind: entry.kind,
      artistId: entry.artist_id,
      debit: Number(entry.credit),
      credit: Number(entry.debit),
      memo: `reversal: ${entry.memo}`,
      reversesId: Number(entry.id),
    })),
  });
}

/** Credit minus debit of an account kind (an artist's payable: what the platform owes them). */
export async function accountBalance(
  db: Db,
  kind: TLedgerAccountKind,
  currency: string,
  artistId: number | null = null,
): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select(sql<string>`coalesce(sum(credit - debit), 0)::text`.as('balance'))
    .where('kind', '=', kind)
    .where('ledger_accounts.currency', '=', currency)
    .where(sql<boolean>`coalesce(artist_id, 0) = ${artistId ?? 0}`)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}
