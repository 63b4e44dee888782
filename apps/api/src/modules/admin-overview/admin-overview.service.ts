import type { TAdminOverview } from '@cadence/contracts/admin-overview';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';

const DAY_MS = 86_400_000;

/**
 * Counts in two equal windows, [previousStart, start) and [start, now), one query per table.
 * Each table is read through its own module's columns only (users, plays, file_entries).
 */
export async function adminOverview(
  db: Kysely<Database>,
  days: number,
  now = new Date(),
): Promise<TAdminOverview> {
  const start = new Date(now.getTime() - days * DAY_MS);
  const previousStart = new Date(now.getTime() - 2 * days * DAY_MS);
  const [users, plays, files] = await Promise.all([
    sql<{ total: number; before: number; current: number; previous: number }>`
      select count(*)::int as total,
             (count(*) filter (where created_at < ${start}))::int as before,
             (count(*) filter (where created_at >= ${start}))::int as current,
             (count(*) filter (where created_at >= ${previousStart} and created_at < ${start}))::int as previous
        from users`.execute(db),
    sql<{ current: number; previous: number }>`
      select (count(*) filter (where played_at >= ${start}))::int as current,
             (count(*) filter (where played_at < ${start}))::int as previous
        from plays where played_at >= ${previousStart}`.execute(db),
    sql<{ current: number; previous: number; bytes: string | number; bytes_before: string | number }>`
      select (count(*) filter (where created_at >= ${start}))::int as current,
             (count(*) filter (where created_at >= ${previousStart} and created_at < ${start}))::int as previous,
             coalesce(sum(file_size) filter (where deleted_at is null), 0) as bytes,
             coalesce(sum(file_size) filter (where created_at < ${start} and (deleted_at is null or deleted_at >= ${start})), 0) as bytes_before
        from file_entries`.execute(db),
  ]);
  const u = users.rows[0] ?? { total: 0, before: 0, current: 0, previous: 0 };
  const p = plays.rows[0] ?? { current: 0, previous: 0 };
  const f = files.rows[0] ?? { current: 0, previous: 0, bytes: 0, bytes_before: 0 };
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
