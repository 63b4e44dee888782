import type { TPayoutArtist, TPayoutDetails, TPayoutRun } from '@cadence/contracts/payouts';
import { majorAmountDigits } from '@cadence/contracts/pricing';
import type { Kysely, Transaction } from 'kysely';
import { withLongRunningConnection } from '../../platform/db/long-running';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { recordAudit } from '../audit-log/record-audit';
import { postTransaction, type TLedgerLeg } from './ledger.repository';
import { maskedDetails } from './masked-details';
import { confirmedDetailsOf } from './payout-details.repository';
import * as repo from './payouts.repository';
import { classifyRunFailure, FAILURE_REASONS, RETRY_DELAYS_MS, readableFailure } from './payouts-failure';
import { computePeriod, refundClawback, type TEarningLine } from './payouts-run';

type Db = Kysely<Database>;

export type TPayoutSettings = {
  platformSharePercent: number;
  providerFeeBasisPoints: number;
  providerFeeFixed: number;
  minimumPayout: number;
  dailyPlayCap: number;
};

/** The period's window in UTC: [first day, first day of the next month). */
export function periodWindow(period: string, currency: string): repo.TPeriodWindow {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return {
    period,
    currency,
    start: new Date(Date.UTC(year, month - 1, 1)),
    end: new Date(Date.UTC(year, month, 1)),
  };
}

export function nextPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

function runDto(run: repo.TRunRecord): TPayoutRun {
  return {
    id: run.id,
    period: run.period,
    currency: run.currency,
    status: run.status,
    money_in: run.money_in,
    fees: run.fees,
    platform_share: run.platform_share,
    unallocated: run.unallocated,
    refunds: run.refunds,
    paid_out: run.paid_out,
    rolled_over: run.rolled_over,
    created_at: run.created_at.toISOString(),
    closed_at: iso(run.closed_at),
    failure: readableFailure(run.failure),
  };
}

/**
 * What a run's job did: stored the run in review, found nothing to do, or failed (the run says
 * why in words for the admin; `error`, the last attempt's, is for the server log only).
 */
export type TComputeOutcome =
  | { outcome: 'review'; attempts: number }
  | { outcome: 'skipped'; reason: 'not computing' | 'another job holds the period' }
  | { outcome: 'failed'; failure: string; error: unknown; attempts: number };

/** Who did an admin action on a run, for the audit log (`actorId` null: the scheduler). */
export type TRunActor = { actorId: number | null; ipAddress?: string | null };

export type TPayoutsServiceOptions = {
  /** The waits before each retry of a transient failure (a lost connection, a serialization failure). */
  retryDelaysMs?: readonly number[];
  /** Each transient failure that is tried again (the technical detail stays in the server log). */
  onRetry?: (details: { runId: number; attempt: number; error: unknown }) => void;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A start-up that finds a run still computing with no job on it (its process died) computes it
 * again; the third time it gives up and marks it failed, so a run that brings the process down
 * cannot loop forever.
 */
export const MAX_INTERRUPTIONS = 3;

export function createPayoutsService(
  db: Db,
  settings: () => Promise<TPayoutSettings>,
  now: () => Date = () => new Date(),
  options: TPayoutsServiceOptions = {},
) {
  const retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;

  /** One audit row per admin action on a run, written in the action's own transaction. */
  const auditRun = (
    trx: Transaction<Database> | Db,
    actor: TRunActor,
    action: string,
    runId: number,
    entry: { before?: unknown; after?: unknown },
  ) =>
    recordAudit(trx, {
      actorId: actor.actorId,
      action,
      subjectType: 'payout_run',
      subjectId: runId,
      before: entry.before,
      after: entry.after,
      ipAddress: actor.ipAddress ?? null,
    });

  /** The run's figures from the database's state: the same inputs give the same rows. */
  async function compute(trx: Transaction<Database>, window: repo.TPeriodWindow, used: TPayoutSettings) {
    const fee = { basisPoints: used.providerFeeBasisPoints, fixed: used.providerFeeFixed };
    const platformShareBps = used.platformSharePercent * 100;
    const [subscribers, listening, ads, carriedIn, late] = await Promise.all([
      repo.paidSubscribers(trx, window, fee),
      repo.periodListening(trx, window, used.dailyPlayCap),
      repo.adRevenue(trx, window.period, window.currency),
      repo.payableBalances(trx, window.currency),
      repo.lateRefunds(trx, window.period, window.currency),
    ]);
    // Late refunds: each taken back as its closed period's run split that subscriber's money.
    const adjustments: TEarningLine[] = [];
    const refundTotals = { refunds: 0, refund_fees: 0, refund_platform_share: 0 };
    const clawbacks = [];
    for (const refund of late) {
      const closedWindow = periodWindow(refund.period, window.currency);
      const closed = await repo.findRunOfPeriod(trx, refund.period, window.currency);
      const closedSettings: TPayoutSettings = closed ? JSON.parse(closed.settings) : used;
      const closedFee = {
        basisPoints: closedSettings.providerFeeBasisPoints,
        fixed: closedSettings.providerFeeFixed,
      };
      const sub = (await repo.paidSubscribers(trx, closedWindow, closedFee)).find(
        (s) => s.userId === refund.userId,
      ) ?? {
        userId: refund.userId,
        paid: refund.amount,
        fees: 0,
      };
      const heard = await repo.subscriberListening(
        trx,
        closedWindow,
        refund.userId,
        closedSettings.dailyPlayCap,
      );
      clawbacks.push({ sub, refund, heard, bps: closedSettings.platformSharePercent * 100 });
    }
    const trackIds = [
      ...new Set([
        ...listening.subscribers.map((l) => l.trackId),
        ...listening.free.map((l) => l.trackId),
        ...clawbacks.flatMap((c) => c.heard.map((h) => h.trackId)),
      ]),
    ];
    const artistsOf = await repo.trackArtists(trx, trackIds);
    for (const { sub, refund, heard, bps } of clawbacks) {
      const back = refundClawback(sub, Math.min(refund.amount, sub.paid), bps, heard, artistsOf);
      adjustments.push(...back.lines);
      refundTotals.refunds += Math.min(refund.amount, sub.paid);
      refundTotals.refund_fees += back.fees;
      refundTotals.refund_platform_share += back.platformShare + back.unallocated;
    }
    const result = computePeriod({
      platformShareBps,
      minimumPayout: used.minimumPayout,
      subscribers,
      subscriberListening: listening.subscribers,
      freeListening: listening.free,
      adRevenue: ads,
      trackArtists: artistsOf,
      carriedIn,
      adjustments,
    });
    const totals: repo.TRunTotals = {
      settings: JSON.stringify(used),
      money_in: result.moneyIn,
      fees: result.fees,
      platform_share: result.platformShare,
      unallocated: result.unallocated,
      ...refundTotals,
    };
    return { result, totals, adRevenue: ads };
  }

  async function store(
    trx: Transaction<Database>,
    runId: number,
    computed: Awaited<ReturnType<typeof compute>>,
  ) {
    await repo.insertRunArtists(
      trx,
      runId,
      computed.result.artists.map((a) => ({
        artist_id: a.artistId,
        plans: a.plans,
        ads: a.ads,
        adjustments: a.adjustments,
        earned: a.earned,
        carried_in: a.carriedIn,
        payable: a.payable,
        payout: a.payout,
        rolled_over: a.rolledOver,
        pro_rata: a.proRata,
      })),
    );
    await repo.insertRunLines(trx, runId, computed.result.lines);
  }

  function assertEnded(period: string, currency: string) {
    if (periodWindow(period, currency).end.getTime() > now().getTime())
      throw new AppError('validation', 'This period has not ended yet.', {
        period: ['This period has not ended yet.'],
      });
  }

  /** The run, its artists, and each artist's confirmed payout details (the review masks them, the file spells them out). */
  async function detailWithDestinations(runId: number) {
    const run = await repo.findRun(db, runId);
    if (!run) throw new AppError('not_found');
    const artists = await repo.runArtists(db, runId);
    const confirmed = await confirmedDetailsOf(
      db,
      artists.map((a) => a.artist_id),
    );
    const paidTo = (artistId: number) => {
      const json = confirmed.get(artistId);
      return json === undefined ? null : maskedDetails(JSON.parse(json) as TPayoutDetails);
    };
    return {
      run: runDto(run),
      artists: artists.map((a) => ({ ...a, paid_at: iso(a.paid_at), paid_to: paidTo(a.artist_id) })),
      confirmed,
    };
  }

  async function detail(runId: number): Promise<{ run: TPayoutRun; artists: TPayoutArtist[] }> {
    const { run, artists } = await detailWithDestinations(runId);
    return { run, artists };
  }

  /** One attempt of the job (computeRun): throws what went wrong, for computeRun to classify. */
  async function computeOnce(
    runId: number,
  ): Promise<{ outcome: 'review' } | Extract<TComputeOutcome, { outcome: 'skipped' }>> {
    // Read before the transaction: in embedded mode the settings' read would queue behind it.
    const used = await settings();
    return withLongRunningConnection(db, (own) =>
      own.transaction().execute(async (trx) => {
        const seen = await repo.findRun(trx, runId);
        if (seen?.status !== 'computing') return { outcome: 'skipped', reason: 'not computing' } as const;
        if (!(await repo.tryLockPeriod(trx, seen.period, seen.currency)))
          return { outcome: 'skipped', reason: 'another job holds the period' } as const;
        const run = await repo.findRun(trx, runId, true);
        if (run?.status !== 'computing') return { outcome: 'skipped', reason: 'not computing' } as const;
        const computed = await compute(trx, periodWindow(run.period, run.currency), used);
        await repo.replaceRunTotals(trx, runId, computed.totals);
        await store(trx, runId, computed);
        return { outcome: 'review' } as const;
      }),
    );
  }

  return {
    /**
     * Starts the run of an ended period, in `computing` (`computeRun`, a job, does the work); a
     * second run of the period (at once or later) is refused.
     */
    async start(input: { period: string; currency: string }, actor: TRunActor): Promise<TPayoutRun> {
      assertEnded(input.period, input.currency);
      const used = await settings();
      const runId = await db.transaction().execute(async (trx) => {
        if (!(await repo.tryLockPeriod(trx, input.period, input.currency)))
          throw new AppError('conflict', 'A run of this period is already in progress.');
        const open = await repo.earlierOpenRun(trx, input.period, input.currency);
        if (open) throw new AppError('conflict', `Close the run of ${open} first.`);
        const id = await repo.insertComputingRun(trx, {
          ...input,
          startedBy: actor.actorId,
          settings: JSON.stringify(used),
        });
        if (id === undefined) throw new AppError('conflict', 'This period already has a run.');
        await auditRun(trx, actor, 'payouts.run.start', id, { after: { ...input, settings: used } });
        return id;
      });
      return (await detail(runId)).run;
    },

    /**
     * A run in review (new plays, ad revenue, settings) or failed (a retry) back to `computing`
     * for its job; a closed one never, one already computing is left to its job.
     */
    async recompute(runId: number, actor: TRunActor): Promise<TPayoutRun> {
      await db.transaction().execute(async (trx) => {
        // No row lock: a computing run's job holds it for minutes; the update below skips such a
        // run without waiting (its status does not match), and the answer is a 409 at once.
        const run = await repo.findRun(trx, runId);
        if (!run) throw new AppError('not_found');
        if (!(await repo.markComputing(trx, runId)))
          throw new AppError(
            'conflict',
            run.status === 'closed'
              ? 'A closed period cannot be recomputed, only adjusted in the next period.'
              : 'This run is being computed.',
          );
        // A failed run's recompute is the admin's retry: the log tells the two apart.
        await auditRun(
          trx,
          actor,
          run.status === 'failed' ? 'payouts.run.retry' : 'payouts.run.recompute',
          runId,
          {
            before: { status: run.status, failure: run.failure },
            after: { status: 'computing' },
          },
        );
      });
      return (await detail(runId)).run;
    },

    /**
     * The job: a computing run's figures from the database's state, in one transaction on a
     * connection of its own (a 10M-play month outlasts the pool's 15 s guard), holding the
     * period's lock; the run ends in review, or failed with a reason the admin can read. A
     * transient failure (a lost connection, a serialization failure, a deadlock) is tried again
     * after each of `retryDelaysMs` (the run stays computing meanwhile); a deterministic one is not.
     */
    async computeRun(runId: number): Promise<TComputeOutcome> {
      for (let attempt = 1; ; attempt += 1) {
        try {
          const done = await computeOnce(runId);
          return done.outcome === 'review' ? { outcome: 'review', attempts: attempt } : done;
        } catch (error) {
          const { transient, reason } = classifyRunFailure(error);
          const delay = retryDelaysMs[attempt - 1];
          if (transient && delay !== undefined) {
            options.onRetry?.({ runId, attempt, error });
            await wait(delay);
            continue;
          }
          try {
            await repo.markFailed(db, runId, reason);
          } catch {
            // The database is still away: the run stays computing, the start-up's recovery takes it.
          }
          return { outcome: 'failed', failure: reason, error, attempts: attempt };
        }
      }
    },

    /**
     * At start-up: the runs left computing whose period no job holds lost their job. Each is
     * handed back (the ids answered, to queue again) until its `MAX_INTERRUPTIONS`th time, then
     * marked failed for the admin to retry. A run another replica computes right now is left alone.
     */
    async recoverInterrupted(): Promise<number[]> {
      const resume: number[] = [];
      for (const left of await repo.computingRuns(db)) {
        await db.transaction().execute(async (trx) => {
          if (!(await repo.tryLockPeriod(trx, left.period, left.currency))) return;
          const interruptions = await repo.countInterruption(trx, left.id);
          if (interruptions === undefined) return;
          if (interruptions < MAX_INTERRUPTIONS) resume.push(left.id);
          else await repo.markFailed(trx, left.id, FAILURE_REASONS.interrupted);
        });
      }
      return resume;
    },

    list: async () => (await repo.listRuns(db)).map(runDto),
    detail,

    /** Closing books the run in the ledger (one balanced transaction); the period is then final. */
    async close(runId: number, actor: TRunActor): Promise<TPayoutRun> {
      await db.transaction().execute(async (trx) => {
        // A run its job computes is refused at once: the job holds its row for minutes.
        const seen = await repo.findRun(trx, runId);
        if (seen?.status === 'computing')
          throw new AppError('conflict', 'Only a computed run in review can be closed.');
        const run = await repo.findRun(trx, runId, true);
        if (!run) throw new AppError('not_found');
        if (run.status === 'closed') throw new AppError('conflict', 'This run is already closed.');
        if (run.status !== 'review')
          throw new AppError('conflict', 'Only a computed run in review can be closed.');
        const open = await repo.earlierOpenRun(trx, run.period, run.currency);
        if (open) throw new AppError('conflict', `Close the run of ${open} first.`);
        const artists = await repo.runArtists(trx, runId);
        const ads = await repo.adRevenue(trx, run.period, run.currency);
        const legs: TLedgerLeg[] = [
          { kind: 'platform_revenue', debit: run.money_in - ads, memo: 'subscriptions' },
          { kind: 'ad_revenue', debit: ads, memo: 'ads' },
          { kind: 'provider_fees', credit: run.fees, memo: 'provider fees' },
          { kind: 'platform_share', credit: run.platform_share + run.unallocated, memo: 'platform share' },
          { kind: 'platform_revenue', credit: run.refunds, memo: 'refunds after close' },
          { kind: 'provider_fees', debit: run.refund_fees, memo: 'refunds after close' },
          { kind: 'platform_share', debit: run.refund_platform_share, memo: 'refunds after close' },
        ];
        for (const artist of artists) {
          legs.push({
            kind: 'artist_payable',
            artistId: artist.artist_id,
            credit: artist.plans + artist.ads,
            memo: 'earnings',
          });
          legs.push({
            kind: 'artist_payable',
            artistId: artist.artist_id,
            debit: -artist.adjustments,
            memo: 'refund clawback',
          });
        }
        await postTransaction(trx, { currency: run.currency, period: run.period, legs });
        await repo.closeRun(trx, runId);
        await auditRun(trx, actor, 'payouts.run.close', runId, {
          before: { status: run.status },
          after: {
            status: 'closed',
            money_in: run.money_in,
            paid_out: run.paid_out,
            rolled_over: run.rolled_over,
          },
        });
      });
      return (await detail(runId)).run;
    },

    /** Marks payouts of a closed run paid: each one a ledger movement from the payable to payouts. */
    async markPaid(
      runId: number,
      artistIds: number[] | undefined,
      actor: TRunActor,
    ): Promise<{ paid: number; amount: number }> {
      return db.transaction().execute(async (trx) => {
        const run = await repo.findRun(trx, runId, true);
        if (!run) throw new AppError('not_found');
        if (run.status !== 'closed')
          throw new AppError('conflict', 'Close the run before marking payouts paid.');
        const wanted = artistIds ? new Set(artistIds) : undefined;
        const due = (await repo.runArtists(trx, runId)).filter(
          (a) => a.payout > 0 && a.paid_at === null && (!wanted || wanted.has(a.artist_id)),
        );
        const legs: TLedgerLeg[] = due.flatMap((a) => [
          {
            kind: 'artist_payable' as const,
            artistId: a.artist_id,
            debit: a.payout,
            memo: `payout ${run.period}`,
          },
          { kind: 'payouts' as const, credit: a.payout, memo: `payout ${run.period} artist ${a.artist_id}` },
        ]);
        await postTransaction(trx, { currency: run.currency, period: run.period, legs });
        await repo.markArtistsPaid(
          trx,
          runId,
          due.map((a) => a.artist_id),
        );
        const answer = { paid: due.length, amount: due.reduce((sum, a) => sum + a.payout, 0) };
        await auditRun(trx, actor, 'payouts.run.paid', runId, {
          after: { ...answer, artist_ids: due.map((a) => a.artist_id) },
        });
        return answer;
      });
    },

    /** The payout file: one row per artist paid this run. */
    async exportCsv(runId: number, actor: TRunActor): Promise<{ filename: string; body: string }> {
      const { run, artists, confirmed } = await detailWithDestinations(runId);
      const rows = artists.filter((a) => a.payout > 0);
      // The file carries bank details: who took it is recorded (the rows, never the details).
      await auditRun(db, actor, 'payouts.run.export', runId, {
        after: { period: run.period, currency: run.currency, rows: rows.length },
      });
      const lines = [
        [
          'artist_id',
          'artist',
          'period',
          'currency',
          'amount_minor',
          'amount',
          'paid_at',
          ...PAYOUT_DETAIL_COLUMNS,
        ],
        ...rows.map((a) => [
          String(a.artist_id),
          a.artist_name,
          run.period,
          run.currency,
          String(a.payout),
          majorAmountDigits(a.payout, run.currency),
          a.paid_at ?? '',
          ...detailColumns(confirmed.get(a.artist_id)),
        ]),
      ];
      return {
        filename: `payouts-${run.period}-${run.currency}.csv`,
        body: `${lines.map(csvRow).join('\r\n')}\r\n`,
      };
    },

    async setAdRevenue(input: { period: string; currency: string; amount: number }) {
      const run = await repo.findRunOfPeriod(db, input.period, input.currency);
      if (run?.status === 'closed')
        throw new AppError(
          'conflict',
          'A closed period cannot be recomputed, only adjusted in the next period.',
        );
      await repo.saveAdRevenue(db, input.period, input.currency, input.amount);
      return input;
    },

    /** A refund: while its period is open the run leaves the account out; after close, the next period adjusts. */
    async recordRefund(input: { invoice_id: number; amount: number }) {
      return db.transaction().execute(async (trx) => {
        const invoice = await repo.findInvoice(trx, input.invoice_id);
        if (!invoice?.paid)
          throw new AppError('validation', 'No paid invoice has this id.', {
            invoice_id: ['No paid invoice has this id.'],
          });
        if (input.amount > invoice.amount)
          throw new AppError('validation', 'A refund cannot exceed the invoice.', {
            amount: ['A refund cannot exceed the invoice.'],
          });
        const run = await repo.findRunOfPeriod(trx, invoice.period, invoice.currency);
        let adjustment: string | null = null;
        if (run?.status === 'closed') {
          adjustment = nextPeriod(invoice.period);
          // The adjustment lands in the first period whose run is not closed yet.
          for (;;) {
            const later = await repo.findRunOfPeriod(trx, adjustment, invoice.currency);
            if (later?.status !== 'closed') break;
            adjustment = nextPeriod(adjustment);
          }
        }
        const row = {
          invoice_id: input.invoice_id,
          amount: input.amount,
          period: invoice.period,
          adjustment_period: adjustment,
        };
        if (!(await repo.insertRefund(trx, row)))
          throw new AppError('conflict', 'This invoice was already refunded.');
        return row;
      });
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;

/** A CSV field: quoted when needed; a leading formula character is neutralised for spreadsheets. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvRow(fields: string[]): string {
  return fields.map(csvField).join(',');
}

/** The payout file's columns of the confirmed payout details (empty: the artist gave none yet). */
const PAYOUT_DETAIL_COLUMNS = ['payee_name', 'method', 'iban', 'bic', 'paypal_email'];

function detailColumns(json: string | undefined): string[] {
  if (json === undefined) return ['', '', '', '', ''];
  const details = JSON.parse(json) as TPayoutDetails;
  return details.method === 'bank_transfer'
    ? [details.payee_name, details.method, details.iban, details.bic, '']
    : [details.payee_name, details.method, '', '', details.paypal_email];
}
