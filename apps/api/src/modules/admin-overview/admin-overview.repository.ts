import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;

/**
 * Counts of the overview, one query per table, in two windows [previousStart, start) and
 * [start, now). Each table is read through its own module's columns only.
 */
export async function users(db: Db, start: Date, previousStart: Date) {
  const { rows } = await sql<{ total: number; before: number; current: number; previous: number }>`
    select count(*)::int as total,
           (count(*) filter (where created_at < ${start}))::int as before,
           (count(*) filter (where created_at >= ${start}))::int as current,
           (count(*) filter (where created_at >= ${previousStart} and created_at < ${start}))::int as previous
      from users`.execute(db);
  return rows[0] ?? { total: 0, before: 0, current: 0, previous: 0 };
}

export async function plays(db: Db, start: Date, previousStart: Date) {
  const { rows } = await sql<{ current: number; previous: number }>`
    select (count(*) filter (where played_at >= ${start}))::int as current,
           (count(*) filter (where played_at < ${start}))::int as previous
      from plays where played_at >= ${previousStart}`.execute(db);
  return rows[0] ?? { current: 0, previous: 0 };
}

/** Uploads in each window, and the bytes stored now and at `start` (deleted files excluded). */
export async function files(db: Db, start: Date, previousStart: Date) {
  const { rows } = await sql<{
    current: number;
    previous: number;
    bytes: string | number;
    bytes_before: string | number;
  }>`
    select (count(*) filter (where created_at >= ${start}))::int as current,
           (count(*) filter (where created_at >= ${previousStart} and created_at < ${start}))::int as previous,
           coalesce(sum(file_size) filter (where deleted_at is null), 0) as bytes,
           coalesce(sum(file_size) filter (where created_at < ${start} and (deleted_at is null or deleted_at >= ${start})), 0) as bytes_before
      from file_entries`.execute(db);
  return rows[0] ?? { current: 0, previous: 0, bytes: 0, bytes_before: 0 };
}

/**
 * Per-day counts over both periods in one grouped query per table: bucket `n` is the n-th day
 * counted from `previousStart` (0 .. 2 x days - 1), so each bucket matches the counters' windows.
 */
export async function dailyPlays(db: Db, previousStart: Date) {
  const { rows } = await sql<Bucket>`
    select floor(extract(epoch from (played_at - ${previousStart})) / 86400)::int as bucket, count(*)::int as n
      from plays where played_at >= ${previousStart}
     group by 1`.execute(db);
  return rows;
}

export async function dailySignups(db: Db, previousStart: Date) {
  const { rows } = await sql<Bucket>`
    select floor(extract(epoch from (created_at - ${previousStart})) / 86400)::int as bucket, count(*)::int as n
      from users where created_at >= ${previousStart}
     group by 1`.execute(db);
  return rows;
}

export async function dailyUploads(db: Db, previousStart: Date) {
  const { rows } = await sql<Bucket>`
    select floor(extract(epoch from (created_at - ${previousStart})) / 86400)::int as bucket, count(*)::int as n
      from file_entries where created_at >= ${previousStart}
     group by 1`.execute(db);
  return rows;
}

export type Bucket = { bucket: number; n: number };
