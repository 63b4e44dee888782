import type { Insertable } from 'kysely';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { PayoutArtistsTable, PayoutRunsTable, TPayoutRunStatus } from './payouts.tables';
import type { TEarningLine, TListening, TSubscriberRevenue } from './payouts-run';

type Db = Kysely<Database> | Transaction<Database>;

export type TPeriodWindow = { period: string; currency: string; start: Date; end: Date };
export type TFeeRule = { basisPoints: number; fixed: number };

/** Refunds recorded while their period was open: the run leaves those accounts out. */
const refundedInPeriod = (window: TPeriodWindow) => sql`(
  select subscriptions.user_id from payout_refunds
  join invoices on invoices.id = payout_refunds.invoice_id
  join subscriptions on subscriptions.id = invoices.subscription_id
  where payout_refunds.period = ${window.period} and payout_refunds.adjustment_period is null)`;

/** An invoice belongs to the period its service starts in (else the one it was paid in). */
const invoiceInWindow = (window: TPeriodWindow) =>
  sql`coalesce(invoices.period_start, invoices.created_at) >= ${window.start} and coalesce(invoices.period_start, invoices.created_at) < ${window.end}`;

/**
 * Paying subscribers of the period: invoices paid in the currency, the providers' fee per invoice
 * (percentage + fixed, never above the invoice), refunded accounts left out.
 */
export async function paidSubscribers(
  db: Db,
  window: TPeriodWindow,
  fee: TFeeRule,
): Promise<TSubscriberRevenue[]> {
  const { rows } = await sql<{ user_id: number; paid: string; fees: string }>`
    select subscriptions.user_id,
      sum(invoices.amount)::text as paid,
      sum(least(invoices.amount, (invoices.amount::bigint * ${fee.basisPoints}) / 10000 + ${fee.fixed}))::text as fees
    from invoices
    join subscriptions on subscriptions.id = invoices.subscription_id
    where invoices.paid and invoices.amount > 0 and upper(invoices.currency) = ${window.currency}
      and ${invoiceInWindow(window)}
      and subscriptions.user_id not in ${refundedInPeriod(window)}
    group by subscriptions.user_id
    order by subscriptions.user_id`.execute(db);
  return rows.map((row) => ({ userId: row.user_id, paid: Number(row.paid), fees: Number(row.fees) }));
}

/**
 * Qualified listening of the period, at most `cap` plays per listener, track and (UTC) day:
 * paying subscribers' per listener, everyone else's (guests included) per track. Banned and
 * refunded accounts are left out. One pass over the period's plays, aggregated in SQL.
 */
export async function periodListening(
  db: Db,
  window: TPeriodWindow,
  cap: number,
): Promise<{ subscribers: TListening[]; free: { trackId: number; ms: number }[] }> {
  const { rows } = await sql<{ user_id: number | null; track_id: number; ms: string }>`
    with paying as (
      select distinct subscriptions.user_id from invoices
      join subscriptions on subscriptions.id = invoices.subscription_id
      where invoices.paid and invoices.amount > 0 and upper(invoices.currency) = ${window.currency}
        and ${invoiceInWindow(window)}
    ),
    capped as (
      select plays.user_id, plays.track_id, plays.duration_played_ms,
        row_number() over (
          partition by coalesce(plays.user_id::text, plays.listener_hash, plays.id::text), plays.track_id,
            (plays.played_at at time zone 'UTC')::date
          order by plays.id) as n
      from plays
      left join users on users.id = plays.user_id
      where plays.played_at >= ${window.start} and plays.played_at < ${window.end}
        and (plays.user_id is null or users.banned_at is null)
        and (plays.user_id is null or plays.user_id not in ${refundedInPeriod(window)})
    )
    select case when capped.user_id in (select user_id from paying) then capped.user_id end as user_id,
      capped.track_id, sum(capped.duration_played_ms)::text as ms
    from capped
    where capped.n <= ${cap}
    group by 1, 2
    order by 1 nulls last, 2`.execute(db);
  const subscribers: TListening[] = [];
  const free: { trackId: number; ms: number }[] = [];
  for (const row of rows) {
    if (row.user_id === null) free.push({ trackId: row.track_id, ms: Number(row.ms) });
    else subscribers.push({ userId: row.user_id, trackId: row.track_id, ms: Number(row.ms) });
  }
  return { subscribers, free };
}

/** One subscriber's capped listening in a period (a refund's clawback after its period closed). */
export async function subscriberListening(
  db: Db,
  window: TPeriodWindow,
  userId: number,
  cap: number,
): Promise<{ trackId: number; ms: number }[]> {
  const { rows } = await sql<{ track_id: number; ms: string }>`
    select track_id, sum(duration_played_ms)::text as ms from (
      select track_id, duration_played_ms,
        row_number() over (partition by track_id, (played_at at time zone 'UTC')::date order by id) as n
      from plays where user_id = ${userId} and played_at >= ${window.start} and played_at < ${window.end}
    ) capped where n <= ${cap} group by track_id order by track_id`.execute(db);
  return rows.map((row) => ({ trackId: row.track_id, ms: Number(row.ms) }));
}

export async function trackArtists(db: Db, trackIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (trackIds.length === 0) return map;
  const rows = await db
    .selectFrom('artist_track')
    .select(['track_id', 'artist_id'])
    .where('track_id', 'in', trackIds)
    .orderBy('track_id')
    .orderBy('artist_id')
    .execute();
  for (const row of rows) map.set(row.track_id, [...(map.get(row.track_id) ?? []), row.artist_id]);
  return map;
}

/** Each artist's unpaid payable balance in the ledger (closed periods minus payouts). */
export async function payableBalances(db: Db, currency: string): Promise<Map<number, number>> {
  const { rows } = await sql<{ artist_id: number; balance: string }>`
    select ledger_accounts.artist_id, sum(ledger_entries.credit - ledger_entries.debit)::text as balance
    from ledger_entries join ledger_accounts on ledger_accounts.id = ledger_entries.account_id
    where ledger_accounts.kind = 'artist_payable' and ledger_accounts.currency = ${currency}
    group by ledger_accounts.artist_id
    having sum(ledger_entries.credit - ledger_entries.debit) <> 0`.execute(db);
  return new Map(rows.map((row) => [row.artist_id, Number(row.balance)]));
}

export async function adRevenue(db: Db, period: string, currency: string): Promise<number> {
  const row = await db
    .selectFrom('payout_ad_revenue')
    .select(sql<string>`amount::text`.as('amount'))
    .where('period', '=', period)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row ? Number(row.amount) : 0;
}

export async function saveAdRevenue(db: Db, period: string, currency: string, amount: number): Promise<void> {
  await db
    .insertInto('payout_ad_revenue')
    .values({ period, currency, amount })
    .onConflict((oc) => oc.columns(['period', 'currency']).doUpdateSet({ amount, updated_at: sql`now()` }))
    .execute();
}

/** Refunds of closed periods to adjust in this one, with the refunded subscriber and invoice period. */
export async function lateRefunds(
  db: Db,
  period: string,
  currency: string,
): Promise<{ invoiceId: number; userId: number; amount: number; period: string }[]> {
  const rows = await db
    .selectFrom('payout_refunds')
    .innerJoin('invoices', 'invoices.id', 'payout_refunds.invoice_id')
    .innerJoin('subscriptions', 'subscriptions.id', 'invoices.subscription_id')
    .select([
      'payout_refunds.invoice_id',
      'subscriptions.user_id',
      sql<string>`payout_refunds.amount::text`.as('amount'),
      'payout_refunds.period',
    ])
    .where('payout_refunds.adjustment_period', '=', period)
    .where(sql<boolean>`upper(invoices.currency) = ${currency}`)
    .orderBy('payout_refunds.invoice_id')
    .execute();
  return rows.map((row) => ({
    invoiceId: row.invoice_id,
    userId: row.user_id,
    amount: Number(row.amount),
    period: row.period,
  }));
}

export async function findInvoice(
  db: Db,
  invoiceId: number,
): Promise<{ id: number; amount: number; currency: string; paid: boolean; period: string } | undefined> {
  const row = await db
    .selectFrom('invoices')
    .select([
      'id',
      'amount',
      'currency',
      'paid',
      sql<string>`to_char(coalesce(period_start, created_at) at time zone 'UTC', 'YYYY-MM')`.as('period'),
    ])
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  return row ? { ...row, currency: row.currency.toUpperCase() } : undefined;
}

export async function insertRefund(
  db: Db,
  row: { invoice_id: number; amount: number; period: string; adjustment_period: string | null },
): Promise<boolean> {
  const inserted = await db
    .insertInto('payout_refunds')
    .values(row)
    .onConflict((oc) => oc.column('invoice_id').doNothing())
    .returning('invoice_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Another session holds this period's run lock: the caller answers 409 at once. */
export async function tryLockPeriod(
  db: Transaction<Database>,
  period: string,
  currency: string,
): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`
    select pg_try_advisory_xact_lock(hashtext(${`payouts:${period}:${currency}`})) as locked`.execute(db);
  return rows[0]?.locked === true;
}

export type TRunRow = Omit<PayoutRunsTable, 'id' | 'created_at'> & { id: number; created_at: Date };

const runColumns = [
  'id',
  'period',
  'currency',
  'status',
  'settings',
  sql<string>`money_in::text`.as('money_in'),
  sql<string>`fees::text`.as('fees'),
  sql<string>`platform_share::text`.as('platform_share'),
  sql<string>`unallocated::text`.as('unallocated'),
  sql<string>`refunds::text`.as('refunds'),
  sql<string>`refund_fees::text`.as('refund_fees'),
  sql<string>`refund_platform_share::text`.as('refund_platform_share'),
  sql<string>`(select coalesce(sum(payout), 0) from payout_artists where run_id = payout_runs.id)::text`.as(
    'paid_out',
  ),
  sql<string>`(select coalesce(sum(rolled_over), 0) from payout_artists where run_id = payout_runs.id)::text`.as(
    'rolled_over',
  ),
  'started_by',
  'created_at',
  'closed_at',
  'failure',
  'interruptions',
] as const;

export type TRunRecord = {
  id: number;
  period: string;
  currency: string;
  status: TPayoutRunStatus;
  settings: string;
  money_in: number;
  fees: number;
  platform_share: number;
  unallocated: number;
  refunds: number;
  refund_fees: number;
  refund_platform_share: number;
  paid_out: number;
  rolled_over: number;
  created_at: Date;
  closed_at: Date | null;
  failure: string | null;
  interruptions: number;
};

function toRecord(row: Record<string, unknown>): TRunRecord {
  const money = (key: string) => Number(row[key]);
  return {
    id: row.id as number,
    period: row.period as string,
    currency: row.currency as string,
    status: row.status as TPayoutRunStatus,
    settings: row.settings as string,
    money_in: money('money_in'),
    fees: money('fees'),
    platform_share: money('platform_share'),
    unallocated: money('unallocated'),
    refunds: money('refunds'),
    refund_fees: money('refund_fees'),
    refund_platform_share: money('refund_platform_share'),
    paid_out: money('paid_out'),
    rolled_over: money('rolled_over'),
    created_at: new Date(row.created_at as string | Date),
    closed_at: row.closed_at === null ? null : new Date(row.closed_at as string | Date),
    failure: (row.failure as string | null) ?? null,
    interruptions: Number(row.interruptions),
  };
}

export async function findRun(db: Db, id: number, forUpdate = false): Promise<TRunRecord | undefined> {
  let query = db.selectFrom('payout_runs').select(runColumns).where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function findRunOfPeriod(
  db: Db,
  period: string,
  currency: string,
): Promise<TRunRecord | undefined> {
  const row = await db
    .selectFrom('payout_runs')
    .select(runColumns)
    .where('period', '=', period)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function listRuns(db: Db): Promise<TRunRecord[]> {
  const rows = await db
    .selectFrom('payout_runs')
    .select(runColumns)
    .orderBy('period', 'desc')
    .orderBy('currency')
    .execute();
  return rows.map(toRecord);
}

/** An earlier period of the currency whose run is not closed yet (its balances are not final). */
export async function earlierOpenRun(db: Db, period: string, currency: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('payout_runs')
    .select('period')
    .where('currency', '=', currency)
    .where('period', '<', period)
    .where('status', '<>', 'closed')
    .executeTakeFirst();
  return row?.period;
}

export type TRunTotals = {
  settings: string;
  money_in: number;
  fees: number;
  platform_share: number;
  unallocated: number;
  refunds: number;
  refund_fees: number;
  refund_platform_share: number;
};

/**
 * A new run, `computing` with zero figures until its job stores them; undefined when the period
 * has one (the unique constraint decides).
 */
export async function insertComputingRun(
  db: Db,
  input: { period: string; currency: string; startedBy: number | null; settings: string },
): Promise<number | undefined> {
  const { period, currency, startedBy, settings } = input;
  const row = await db
    .insertInto('payout_runs')
    .values({
      period,
      currency,
      started_by: startedBy,
      status: 'computing',
      settings,
      money_in: 0,
      fees: 0,
      platform_share: 0,
      unallocated: 0,
    })
    .onConflict((oc) => oc.columns(['period', 'currency']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** A run in review or failed handed to its job again; false when it is neither (closed, or computing). */
export async function markComputing(db: Db, runId: number): Promise<boolean> {
  const result = await db
    .updateTable('payout_runs')
    .set({ status: 'computing', failure: null, interruptions: 0 })
    .where('id', '=', runId)
    .where('status', 'in', ['review', 'failed'])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The job's result: totals, artists and lines replaced, and the run in review. */
export async function replaceRunTotals(db: Db, runId: number, totals: TRunTotals): Promise<void> {
  await db
    .updateTable('payout_runs')
    .set({ ...totals, status: 'review', failure: null })
    .where('id', '=', runId)
    .where('status', '=', 'computing')
    .execute();
  await db.deleteFrom('payout_lines').where('run_id', '=', runId).execute();
  await db.deleteFrom('payout_artists').where('run_id', '=', runId).execute();
}

/** The job could not finish: the run keeps its last figures (if any) and says why. */
export async function markFailed(db: Db, runId: number, failure: string): Promise<void> {
  await db
    .updateTable('payout_runs')
    .set({ status: 'failed', failure })
    .where('id', '=', runId)
    .where('status', '=', 'computing')
    .execute();
}

/** Runs in `computing`: each is either in a job right now or lost its job (a process died). */
export async function computingRuns(db: Db): Promise<{ id: number; period: string; currency: string }[]> {
  return db
    .selectFrom('payout_runs')
    .select(['id', 'period', 'currency'])
    .where('status', '=', 'computing')
    .orderBy('id')
    .execute();
}

/** One more start-up found the run computing with no job on it; the new count. */
export async function countInterruption(db: Db, runId: number): Promise<number | undefined> {
  const row = await db
    .updateTable('payout_runs')
    .set({ interruptions: sql`interruptions + 1` })
    .where('id', '=', runId)
    .where('status', '=', 'computing')
    .returning('interruptions')
    .executeTakeFirst();
  return row?.interruptions;
}

export async function insertRunArtists(
  db: Db,
  runId: number,
  artists: Omit<Insertable<PayoutArtistsTable>, 'run_id' | 'paid_at'>[],
): Promise<void> {
  for (let i = 0; i < artists.length; i += 1000) {
    const chunk = artists.slice(i, i + 1000).map((row) => ({ ...row, run_id: runId }));
    await db.insertInto('payout_artists').values(chunk).execute();
  }
}

export async function insertRunLines(db: Db, runId: number, lines: TEarningLine[]): Promise<void> {
  for (let i = 0; i < lines.length; i += 2000) {
    const chunk = lines.slice(i, i + 2000).map((line) => ({
      run_id: runId,
      artist_id: line.artistId,
      track_id: line.trackId,
      source: line.source,
      amount: line.amount,
    }));
    await db.insertInto('payout_lines').values(chunk).execute();
  }
}

export type TRunArtistRow = {
  artist_id: number;
  artist_name: string;
  plans: number;
  ads: number;
  adjustments: number;
  earned: number;
  carried_in: number;
  payable: number;
  payout: number;
  rolled_over: number;
  pro_rata: number;
  paid_at: Date | null;
};

export async function runArtists(db: Db, runId: number): Promise<TRunArtistRow[]> {
  const rows = await db
    .selectFrom('payout_artists')
    .innerJoin('artists', 'artists.id', 'payout_artists.artist_id')
    .select([
      'payout_artists.artist_id',
      'artists.name as artist_name',
      sql<string>`payout_artists.plans::text`.as('plans'),
      sql<string>`payout_artists.ads::text`.as('ads'),
      sql<string>`payout_artists.adjustments::text`.as('adjustments'),
      sql<string>`payout_artists.earned::text`.as('earned'),
      sql<string>`payout_artists.carried_in::text`.as('carried_in'),
      sql<string>`payout_artists.payable::text`.as('payable'),
      sql<string>`payout_artists.payout::text`.as('payout'),
      sql<string>`payout_artists.rolled_over::text`.as('rolled_over'),
      sql<string>`payout_artists.pro_rata::text`.as('pro_rata'),
      'payout_artists.paid_at',
    ])
    .where('payout_artists.run_id', '=', runId)
    .orderBy('payout_artists.artist_id')
    .execute();
  return rows.map((row) => ({
    artist_id: row.artist_id,
    artist_name: row.artist_name,
    plans: Number(row.plans),
    ads: Number(row.ads),
    adjustments: Number(row.adjustments),
    earned: Number(row.earned),
    carried_in: Number(row.carried_in),
    payable: Number(row.payable),
    payout: Number(row.payout),
    rolled_over: Number(row.rolled_over),
    pro_rata: Number(row.pro_rata),
    paid_at: row.paid_at,
  }));
}

export async function closeRun(db: Db, runId: number): Promise<void> {
  await db
    .updateTable('payout_runs')
    .set({ status: 'closed', closed_at: sql`now()` as never })
    .where('id', '=', runId)
    .execute();
}

export async function markArtistsPaid(db: Db, runId: number, artistIds: number[]): Promise<void> {
  if (artistIds.length === 0) return;
  await db
    .updateTable('payout_artists')
    .set({ paid_at: sql`now()` as never })
    .where('run_id', '=', runId)
    .where('artist_id', 'in', artistIds)
    .where('paid_at', 'is', null)
    .execute();
}

/** The currencies with money to split in the period: paid invoices, or ad revenue entered for it. */
export async function periodCurrencies(db: Db, window: Omit<TPeriodWindow, 'currency'>): Promise<string[]> {
  const { rows } = await sql<{ currency: string }>`
    select upper(invoices.currency) as currency from invoices
    where invoices.paid and invoices.amount > 0 and ${invoiceInWindow({ ...window, currency: '' })}
    union
    select currency from payout_ad_revenue where period = ${window.period} and amount > 0
    order by currency`.execute(db);
  return rows.map((row) => row.currency);
}
