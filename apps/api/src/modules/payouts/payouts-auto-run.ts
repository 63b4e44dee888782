import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import type { JobQueue } from '../../platform/jobs/jobs';
import type { ScheduledTask } from '../schedule/schedule.service';
import type { SettingsService } from '../settings/settings.service';
import { payoutSettingsOf } from './payout-settings';
import * as repo from './payouts.repository';
import { createPayoutsService, periodWindow } from './payouts.service';
import { enqueuePayoutRun } from './payouts-job';

const HOUR = 60 * 60 * 1000;

/** The month that ended last: on 2026-09-01T00:30Z, `2026-08`. */
export function lastEndedPeriod(now: Date): string {
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * After a month ends, its run starts by itself (`payouts.auto_run`), once per currency with money
 * in it, for the admin to review and close. Checked hourly: a period that already has a run is
 * left alone, and the run's advisory lock and unique period keep two replicas or a retry to one.
 */
export function payoutsAutoRunTask(
  db: Kysely<Database>,
  settings: Pick<SettingsService, 'get'>,
  jobs: Pick<JobQueue, 'enqueue'>,
  now: () => Date = () => new Date(),
): ScheduledTask {
  const payouts = createPayoutsService(db, payoutSettingsOf(settings), now);
  return {
    name: 'payouts:auto-run',
    description: "Start the payouts run of the month that ended, for review (setting 'payouts.auto_run')",
    everyMs: HOUR,
    run: async () => {
      if ((await settings.get('payouts.auto_run')) !== true) return 'Automatic payouts runs are off';
      const period = lastEndedPeriod(now());
      const { start, end } = periodWindow(period, '');
      const outcomes: string[] = [];
      for (const currency of await repo.periodCurrencies(db, { period, start, end })) {
        if (await repo.findRunOfPeriod(db, period, currency)) {
          outcomes.push(`${period} ${currency}: already run`);
          continue;
        }
        try {
          // Started like the admin's (the period's advisory lock and unique run: one wins, audited
          // with no actor), then computed by the same job; a process that dies before the job
          // ends leaves the run computing for the start-up's recovery.
          const run = await payouts.start({ period, currency }, { actorId: null });
          await enqueuePayoutRun(jobs, run.id);
          outcomes.push(`${period} ${currency}: started run ${run.id} (computing)`);
        } catch (error) {
          // Another replica's run, or an earlier month still in review: nothing to do this hour.
          if (!(error instanceof AppError && error.code === 'conflict')) throw error;
          outcomes.push(`${period} ${currency}: ${error.message}`);
        }
      }
      return outcomes.length > 0 ? outcomes.join('; ') : `${period}: no money to split`;
    },
  };
}
