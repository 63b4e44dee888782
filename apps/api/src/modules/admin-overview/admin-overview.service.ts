import type { TAdminOverview } from '@cadence/contracts/admin-overview';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { adminOverviewRepository as repo } from './admin-overview.repository';

const DAY_MS = 86_400_000;

/** The site at a glance: this period of `days` against the one before it. */
export async function adminOverview(
  db: Kysely<Database>,
  days: number,
  now = new Date(),
): Promise<TAdminOverview> {
  const start = new Date(now.getTime() - days * DAY_MS);
  const previousStart = new Date(now.getTime() - 2 * days * DAY_MS);
  const [u, p, f] = await Promise.all([
    repo.users(db, start, previousStart),
    repo.plays(db, start, previousStart),
    repo.files(db, start, previousStart),
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
  };
}
