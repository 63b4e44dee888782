import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../platform/db/migrations/2026-11-29T15-50_create-payouts-ledger';
import {
  down as runStatesDown,
  up as runStatesUp,
} from '../../platform/db/migrations/2026-11-30T03-10_add-payout-run-computing';
import { createTestApp, type TestApp } from '../../test/test-app';
import { accountBalance, postTransaction, reverseTransaction } from './ledger.repository';

let t: TestApp;
let artistId: number;
beforeAll(async () => {
  t = await createTestApp({ isSeeded: false });
  const artist = await t.deps.db
    .insertInto('artists')
    .values({ name: 'Ledger Artist', slug: 'ledger-artist' } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  artistId = artist.id;
}, 60_000);
afterAll(async () => t?.close());

const message = (error: unknown) => String((error as Error)?.message ?? error);

describe('payouts ledger (database-enforced double entry)', () => {
  it('commits a balanced transaction and reports balances', async () => {
    await t.deps.db.transaction().execute((trx) =>
      postTransaction(trx, {
        currency: 'EUR',
        period: '2026-10',
        legs: [
          { kind: 'platform_revenue', debit: 1000 },
          { kind: 'provider_fees', credit: 50 },
          { kind: 'platform_share', credit: 200 },
          { kind: 'artist_payable', artistId, credit: 750 },
        ],
      }),
    );
    expect(await accountBalance(t.deps.db, 'artist_payable', 'EUR', artistId)).toBe(750);
    expect(await accountBalance(t.deps.db, 'platform_revenue', 'EUR')).toBe(-1000);
  });

  it('refuses at commit a transaction whose sides do not balance, and keeps none of it', async () => {
    const before = await t.deps.db
      .selectFrom('ledger_entries')
      .select(sql<string>`count(*)::text`.as('n'))
      .executeTakeFirstOrThrow();
    const attempt = t.deps.db.transaction().execute((trx) =>
      postTransaction(trx, {
        currency: 'EUR',
        period: '2026-10',
        legs: [
          { kind: 'platform_revenue', debit: 1000 },
          { kind: 'artist_payable', artistId, credit: 999 },
        ],
      }),
    );
    await expect(attempt).rejects.toSatisfy((error) => message(error).includes('does not balance'));
    const after = await t.deps.db
      .selectFrom('ledger_entries')
      .select(sql<string>`count(*)::text`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses a single unbalanced insert outside an explicit transaction', async () => {
    const account = await t.deps.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('kind', '=', 'platform_revenue')
      .executeTakeFirstOrThrow();
    const attempt = sql`insert into ledger_entries (transaction_id, account_id, debit, currency, period)
      values (gen_random_uuid(), ${account.id}, 5, 'EUR', '2026-10')`.execute(t.deps.db);
    await expect(attempt).rejects.toSatisfy((error) => message(error).includes('does not balance'));
  });

  it('refuses negative, two-sided and empty amounts (check constraints)', async () => {
    const account = await t.deps.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('kind', '=', 'platform_revenue')
      .executeTakeFirstOrThrow();
    for (const [debit, credit] of [
      [-5, 0],
      [5, 5],
      [0, 0],
    ]) {
      const attempt =
        sql`insert into ledger_entries (transaction_id, account_id, debit, credit, currency, period)
        values (gen_random_uuid(), ${account.id}, ${debit}, ${credit}, 'EUR', '2026-10')`.execute(t.deps.db);
      await expect(attempt).rejects.toSatisfy((error) =>
        message(error).includes('violates check constraint'),
      );
    }
  });

  it('refuses UPDATE, DELETE and TRUNCATE of entries; corrections are reversing entries', async () => {
    await expect(sql`update ledger_entries set credit = credit + 1`.execute(t.deps.db)).rejects.toSatisfy(
      (error) => message(error).includes('append-only'),
    );
    await expect(sql`delete from ledger_entries`.execute(t.deps.db)).rejects.toSatisfy((error) =>
      message(error).includes('append-only'),
    );
    await expect(sql`truncate ledger_entries`.execute(t.deps.db)).rejects.toSatisfy((error) =>
      message(error).includes('append-only'),
    );
    const first = await t.deps.db
      .selectFrom('ledger_entries')
      .select('transaction_id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.deps.db.transaction().execute((trx) => reverseTransaction(trx, first.transaction_id, '2026-11'));
    expect(await accountBalance(t.deps.db, 'artist_payable', 'EUR', artistId)).toBe(0);
    expect(await accountBalance(t.deps.db, 'platform_revenue', 'EUR')).toBe(0);
  });

  it('migrates down (tables and functions gone) and up again', async () => {
    await down(t.deps.db);
    const gone = await sql<{
      n: string;
    }>`select count(*)::text as n from pg_proc where proname like 'ledger_entries_%'`.execute(t.deps.db);
    expect(gone.rows[0]?.n).toBe('0');
    await up(t.deps.db);
    expect(await accountBalance(t.deps.db, 'platform_revenue', 'EUR')).toBe(0);
  });
});

describe('the run states migration', () => {
  const insertRun = (status: string) =>
    sql`insert into payout_runs (period, currency, status, settings, money_in, fees, platform_share, unallocated)
      values ('2025-01', 'EUR', ${status}, '{}', 0, 0, 0, 0)`.execute(t.deps.db);

  it('migrates down (computing and failed runs dropped, the states refused) and up again', async () => {
    await insertRun('computing');
    await runStatesDown(t.deps.db);
    expect(
      (await sql<{ n: number }>`select count(*)::int as n from payout_runs`.execute(t.deps.db)).rows[0]?.n,
    ).toBe(0);
    await expect(insertRun('failed')).rejects.toThrow(/payout_runs_status_check/);
    await runStatesUp(t.deps.db);
    await insertRun('failed');
    await sql`delete from payout_runs`.execute(t.deps.db);
  });
});
