import type { TAdminOverview, TOverviewPoint } from '@cadence/contracts/admin-overview';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { pendingBackstageRequests } from '../backstage/pending-requests';
import type { AddressViewer } from '../users/address-viewer';
import type { Bucket } from './admin-overview.repository';
import * as repo from './admin-overview.repository';

const DAY_MS = 86_400_000;

/**
 * Buckets 0 .. 2 x days - 1 from `previousStart` as `days` points: the last period's day beside
 * the same day of the period before. Each point is dated by the day its bucket ends.
 */
export function toSeries(buckets: Bucket[], days: number, start: Date): TOverviewPoint[] {
  const counts = new Map<number, number>();
  for (const { bucket, n } of buckets) {
    const index = Math.min(Math.max(Number(bucket), 0), 2 * days - 1);
    counts.set(index, (counts.get(index) ?? 0) + Number(n));
  }
  return Array.from({ length: days }, (_, day) => ({
    date: new Date(start.getTime() + (day + 1) * DAY_MS - 1).toISOString().slice(0, 10),
    value: counts.get(days + day) ?? 0,
    previous: counts.get(day) ?? 0,
  }));
}

/**
 * The site at a glance: this period of `days` against the one before it, per day for the charts,
 * and (for those who review them) the backstage requests waiting for a decision.
 */
export async function adminOverview(
  db: Kysely<Database>,
  days: number,
  options: { canReviewRequests: boolean; viewer: AddressViewer },
  now = new Date(),
): Promise<TAdminOverview> {
  const start = new Date(now.getTime() - days * DAY_MS);
  const previousStart = new Date(now.getTime() - 2 * days * DAY_MS);
  const [u, p, f, playsByDay, signupsByDay, uploadsByDay, pending] = await Promise.all([
    repo.users(db, start, previousStart),
    repo.plays(db, start, previousStart),
    repo.files(db, start, previousStart),
    repo.dailyPlays(db, previousStart),
    repo.dailySignups(db, previousStart),
    repo.dailyUploads(db, previousStart),
    options.canReviewRequests ? pendingBackstageRequests(db, options.viewer) : null,
  ]);
  return {
    days,
    period_start: start.toISOString(),
    previous_start: previousStart.toISOString(),
    users: { current: Number(u.total), previous: Number(u.before) },
    new_signups: { current: Number(u.current), previous: Number(u.previous) },
    plays: { current: Number(p.current), previous: Number(p.previous) },
    uploads: { current: Number(f.current), previous: Number(f.previous) },
    storage_bytes: { current: Number(f.bytes), previous: Number(f.bytes_before) },
    series: {
      plays: toSeries(playsByDay, days, start),
      new_signups: toSeries(signupsByDay, days, start),
      uploads: toSeries(uploadsByDay, days, start),
    },
    pending_requests: pending,
  };
}
