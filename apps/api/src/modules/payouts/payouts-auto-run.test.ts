import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createScheduleService } from '../schedule/schedule.service';
import { insertPaidSubscriber } from './payouts.test-helper';
import { lastEndedPeriod, payoutsAutoRunTask } from './payouts-auto-run';
import { PAYOUT_RUN_JOB } from './payouts-job';

let t: TestApp;
const afterJune = new Date('2026-07-01T00:30:00Z');

/** A subscriber who paid `amount` for June 2026 in `currency`. */
async function paidJune(currency: string, amount: number) {
  await insertPaidSubscriber(t, {
    key: `auto-${currency}-${Math.random().toString(36).slice(2)}`,
    amount,
    currency,
    month: ['2026-06-01', '2026-07-01'],
  });
}

const runsOf = (period: string) =>
  t.deps.db
    .selectFrom('payout_runs')
    .select(['period', 'currency', 'status', 'started_by', 'money_in'])
    .where('period', '=', period)
    .orderBy('currency')
    .execute();

const task = (now: Date) => payoutsAutoRunTask(t.deps.db, t.app.services.settings, t.app.jobs, () => now);

beforeAll(async () => {
  t = await createTestApp();
  await paidJune('EUR', 1000);
}, 60_000);
afterAll(async () => t?.close());

describe('payouts:auto-run', () => {
  it('names the month that ended last, in UTC', () => {
    expect(lastEndedPeriod(new Date('2026-07-01T00:00:00Z'))).toBe('2026-06');
    expect(lastEndedPeriod(new Date('2026-06-30T23:59:59Z'))).toBe('2026-05');
    expect(lastEndedPeriod(new Date('2027-01-15T12:00:00Z'))).toBe('2026-12');
  });

  it('does nothing while the setting is off', async () => {
    expect(await t.app.services.settings.get('payouts.auto_run')).toBe(false);
    expect(await task(afterJune).run()).toBe('Automatic payouts runs are off');
    expect(await runsOf('2026-06')).toEqual([]);
  });

  it('starts one run of the ended month when two replicas tick at once, and a retry adds none', async () => {
    await t.app.services.settings.save({ client: { payouts: { auto_run: true } } });
    // The task only starts the run and queues the admin's job (one code path): held here until
    // the run is seen computing, then handed to the app's queue.
    const queued: { name: string; payload: unknown }[] = [];
    const held = { enqueue: async (name: string, payload: unknown) => void queued.push({ name, payload }) };
    const replicas = [1, 2].map(() =>
      createScheduleService({
        db: t.deps.db,
        tasks: [payoutsAutoRunTask(t.deps.db, t.app.services.settings, held, () => afterJune)],
      }),
    );
    const ran = (await Promise.all(replicas.map((replica) => replica.tick(afterJune)))).flat();
    expect(ran).toEqual(['payouts:auto-run']);
    expect(await runsOf('2026-06')).toEqual([
      { period: '2026-06', currency: 'EUR', status: 'computing', started_by: null, money_in: 0 },
    ]);
    const [run] = await t.deps.db
      .selectFrom('payout_runs')
      .select('id')
      .where('period', '=', '2026-06')
      .execute();
    expect(queued).toEqual([{ name: PAYOUT_RUN_JOB, payload: { runId: run?.id } }]);
    for (const job of queued) await t.app.jobs.enqueue(job.name, job.payload);
    await t.app.jobs.drain();
    expect(await runsOf('2026-06')).toEqual([
      { period: '2026-06', currency: 'EUR', status: 'review', started_by: null, money_in: 1000 },
    ]);
    // Audited like the admin's start, by nobody: the scheduler.
    const audited = await t.deps.db
      .selectFrom('audit_log')
      .innerJoin('payout_runs', (join) =>
        join.on((eb) => eb(eb.cast('payout_runs.id', 'text'), '=', eb.ref('audit_log.subject_id'))),
      )
      .select(['audit_log.actor_id', 'audit_log.action'])
      .where('audit_log.subject_type', '=', 'payout_run')
      .where('payout_runs.period', '=', '2026-06')
      .execute();
    expect(audited).toEqual([{ actor_id: null, action: 'payouts.run.start' }]);

    // The next hour's slot (a retry, or the hourly check) finds the run and leaves it alone.
    expect(await task(new Date('2026-07-01T01:30:00Z')).run()).toBe('2026-06 EUR: already run');
    expect(await runsOf('2026-06')).toHaveLength(1);
  });

  it('lets only one of two runs at once start a currency (the advisory lock and unique period)', async () => {
    await paidJune('USD', 500);
    const outcomes = await Promise.all([task(afterJune).run(), task(afterJune).run()]);
    const usd = outcomes.map((outcome) => outcome.split('; ').find((part) => part.startsWith('2026-06 USD')));
    expect(usd.filter((part) => part?.includes('started run'))).toHaveLength(1);
    await t.app.jobs.drain();
    expect(await runsOf('2026-06')).toMatchObject([{ currency: 'EUR' }, { currency: 'USD', money_in: 500 }]);
  });

  it('waits while an earlier month is still in review', async () => {
    await paidJune('EUR', 700);
    await t.deps.db
      .updateTable('invoices')
      .set({ period_start: new Date('2026-07-01T00:00:00Z') })
      .where('uuid', 'like', 'inv-auto-EUR-%')
      .where('amount', '=', 700)
      .execute();
    const summary = await task(new Date('2026-08-01T00:10:00Z')).run();
    expect(summary).toBe('2026-07 EUR: Close the run of 2026-06 first.');
    expect(await runsOf('2026-07')).toEqual([]);
  });
});
