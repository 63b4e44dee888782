import type { Kysely } from 'kysely';
import { pruneExpiredSessions } from '../../platform/auth/session.service';
import type { Database } from '../../platform/db/schema';
import type { JobQueue } from '../../platform/jobs/jobs';
import type { Storage } from '../../platform/storage/get-storage';
import type { BillingServices } from '../billing/billing.services';
import type { DataExportService } from '../data-export/data-export.service';
import { pruneAnalytics } from '../insights/reports.service';
import { payoutsAutoRunTask } from '../payouts/payouts-auto-run';
import type { ScrobblingService } from '../scrobbling/scrobbling.service';
import type { SitemapService } from '../seo/sitemap.service';
import type { SettingsService } from '../settings/settings.service';
import { createSimilarArtistsService } from '../similar-artists/similar-artists.service';
import { sweepOrphanUploads } from '../uploads/sweep-orphan-uploads';
import * as scheduleRepository from './schedule.repository';
import type { ScheduledTask } from './schedule.service';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A stored webhook event still not applied this long after it arrived lost its job (or it failed for good). */
const WEBHOOK_SWEEP_MS = 5 * MINUTE;
/** How often scrobbles whose backoff is over are sent again (the first backoffs are shorter). */
const SCROBBLE_SWEEP_MS = 5 * MINUTE;
/** How long the schedule tab keeps the run log. */
const RUN_LOG_DAYS = 30;

/** The product's recurring work. */
export function scheduledTasks(
  db: Kysely<Database>,
  services: {
    settings: Pick<SettingsService, 'get'>;
    sitemap: SitemapService;
    billing: Pick<BillingServices, 'webhooks'>;
    storage: Pick<Storage, 'get'>;
    scrobbling: Pick<ScrobblingService, 'requeueDue' | 'pruneSentKeys'>;
    dataExports: Pick<DataExportService, 'pruneExpired'>;
  },
  /** Where a task hands work to a job (the payouts run). */
  jobs: Pick<JobQueue, 'enqueue'>,
): ScheduledTask[] {
  const { settings, sitemap, billing, storage, scrobbling, dataExports } = services;
  const similarArtists = createSimilarArtistsService(db);
  return [
    {
      name: 'sessions:prune',
      description: 'Delete expired sessions',
      everyMs: HOUR,
      run: async () => `Pruned ${await pruneExpiredSessions(db)} expired sessions`,
    },
    {
      name: 'similar-artists:recompute',
      description: 'Recompute similar artists from shared genres, tags and listeners',
      everyMs: 24 * HOUR,
      run: async () =>
        `Recomputed similar artists of ${(await similarArtists.recompute({})).artists} artists`,
    },
    {
      name: 'analytics:prune',
      description: 'Delete raw plays and page views older than the analytics retention (roll-ups stay)',
      everyMs: 24 * HOUR,
      run: () => pruneAnalytics(db, async () => Number(await settings.get('analytics.retention_days'))),
    },
    {
      name: 'sitemap:generate',
      description: 'Write sitemap.xml and its files (at most 50,000 urls each)',
      everyMs: 24 * HOUR,
      run: async () => {
        const { files, urls } = await sitemap.generate();
        return `Wrote ${urls} urls in ${files} sitemap files`;
      },
    },
    {
      name: 'billing-webhooks:requeue',
      description:
        'Queue again the payment provider events not applied 5 minutes after they arrived (one that keeps failing waits longer each time)',
      everyMs: WEBHOOK_SWEEP_MS,
      run: async () =>
        `Queued ${await billing.webhooks.requeuePending({ olderThanMs: WEBHOOK_SWEEP_MS, retryBackoffMs: WEBHOOK_SWEEP_MS })} pending webhook events`,
    },
    {
      name: 'scrobbles:retry',
      description:
        'Send again the scrobbles a service did not take (down or timing out) once their backoff is over',
      everyMs: SCROBBLE_SWEEP_MS,
      run: async () => `Queued senders for ${await scrobbling.requeueDue()} accounts`,
    },
    {
      name: 'scrobbles:prune-keys',
      description:
        'Forget the scrobbles sent more than a day ago (a listen is never reported again after that)',
      everyMs: DAY,
      run: async () => `Forgot ${await scrobbling.pruneSentKeys()} sent scrobbles`,
    },
    {
      name: 'data-exports:prune',
      description: 'Delete the "Download your data" archives whose link expired',
      everyMs: HOUR,
      run: async () => `Deleted ${await dataExports.pruneExpired()} expired data archives`,
    },
    {
      name: 'uploads:sweep-orphans',
      description:
        'Delete uploaded files older than a day that no track, upload draft or request uses (abandoned uploads)',
      everyMs: HOUR,
      run: async () => `Deleted ${await sweepOrphanUploads(db, storage)} abandoned uploads`,
    },
    payoutsAutoRunTask(db, settings, jobs),
    {
      name: 'schedule:prune',
      description: `Delete the scheduled task runs older than ${RUN_LOG_DAYS} days`,
      everyMs: DAY,
      run: async () =>
        `Deleted ${await scheduleRepository.pruneRuns(db, new Date(Date.now() - RUN_LOG_DAYS * DAY))} old runs`,
    },
  ];
}
