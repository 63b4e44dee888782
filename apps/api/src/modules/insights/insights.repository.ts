import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { splitByMonth } from './month-split';

type Db = Kysely<Database>;
export type Subject = { subject: 'tracks' | 'albums' | 'artists'; id: number };
type Range = { from: string; to: string };

/** A YYYY-MM-DD literal as a SQL date (the `day` columns are `date`). */
const asDate = (value: string) => sql<Date>`${value}::date`;

// All SQL of the insights of one track, album or artist: read from the daily roll-ups only.

export async function artistName(db: Db, id: number): Promise<string | null> {
  const row = await db.selectFrom('artists').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? null;
}

export async function item(db: Db, table: 'tracks' | 'albums', id: number) {
  const row = await db
    .selectFrom(table)
    .select(['id', 'name', 'owner_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { id: Number(row.id), name: row.name, owner_id: row.owner_id } : null;
}

/** The subject's tracks as a subquery (an artist may have thousands: never loaded into memory). */
function trackIds(db: Db, subject: Subject) {
  if (subject.subject === 'tracks') return db.selectFrom('tracks').select('id').where('id', '=', subject.id);
  if (subject.subject === 'albums')
    return db.selectFrom('tracks').select('id').where('album_id', '=', subject.id);
  return db.selectFrom('artist_track').select('track_id as id').where('artist_id', '=', subject.id);
}

export async function playsByDay(db: Db, subject: Subject, range: Range) {
  const rows = await db
    .selectFrom('play_daily')
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), sql<string>`sum(plays)`.as('plays')])
    .where('track_id', 'in', trackIds(db, subject))
    .where('day', '>=', asDate(range.from))
    .where('day', '<=', asDate(range.to))
    .groupBy('day')
    .execute();
  return new Map(rows.map((row) => [row.day, Number(row.plays)]));
}

/** Unique listeners: whole months from the monthly listener rows, the edge days from the daily ones. */
export async function listeners(db: Db, subject: Subject, range: Range): Promise<number> {
  const { months, days } = splitByMonth(range);
  const daily = db
    .selectFrom('play_daily_listeners')
    .select('listener_hash')
    .where('track_id', 'in', trackIds(db, subject))
    .where((eb) =>
      days.length === 0
        ? eb.val(false)
        : eb.or(
            days.map((part) =>
              eb.and([eb('day', '>=', asDate(part.from)), eb('day', '<=', asDate(part.to))]),
            ),
          ),
    );
  const hashes =
    months === null
      ? daily.distinct()
      : daily.union(
          db
            .selectFrom('play_monthly_listeners')
            .select('listener_hash')
            .where('track_id', 'in', trackIds(db, subject))
            .where('month', '>=', asDate(months.from))
            .where('month', '<=', asDate(months.to)),
        );
  const row = await db
    .selectFrom(hashes.as('listeners'))
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Plays per dimension value: whole months from the monthly roll-up, the days around them from
 * the daily one (a 12-month range reads ~30x fewer rows than day by day).
 */
export async function breakdowns(db: Db, subject: Subject, range: Range) {
  const { months, days } = splitByMonth(range);
  const [daily, monthly] = await Promise.all([
    days.length === 0
      ? []
      : db
          .selectFrom('play_daily_dims')
          .select(['dimension', 'value', sql<string>`sum(plays)`.as('plays')])
          .where('track_id', 'in', trackIds(db, subject))
          .where((eb) =>
            eb.or(
              days.map((part) =>
                eb.and([eb('day', '>=', asDate(part.from)), eb('day', '<=', asDate(part.to))]),
              ),
            ),
          )
          .groupBy(['dimension', 'value'])
          .execute(),
    months === null
      ? []
      : db
          .selectFrom('play_monthly_dims')
          .select(['dimension', 'value', sql<string>`sum(plays)`.as('plays')])
          .where('track_id', 'in', trackIds(db, subject))
          .where('month', '>=', asDate(months.from))
          .where('month', '<=', asDate(months.to))
          .groupBy(['dimension', 'value'])
          .execute(),
  ]);
  const result = new Map<string, Map<string, number>>();
  for (const row of [...daily, ...monthly]) {
    const map = result.get(row.dimension) ?? new Map<string, number>();
    map.set(row.value, (map.get(row.value) ?? 0) + Number(row.plays));
    result.set(row.dimension, map);
  }
  return result;
}

/** Likes or reposts of the subject and of its tracks, per day. */
export async function socialByDay(db: Db, table: 'likes' | 'reposts', subject: Subject, range: Range) {
  const typeColumn = table === 'likes' ? 'likeable_type' : 'repostable_type';
  const idColumn = table === 'likes' ? 'likeable_id' : 'repostable_id';
  const own = subject.subject === 'albums' ? 'album' : subject.subject === 'artists' ? 'artist' : null;
  const rows = await db
    .selectFrom(table)
    .select([sql<string>`to_char(created_at, 'YYYY-MM-DD')`.as('day'), sql<string>`count(*)`.as('n')])
    .where((eb) =>
      eb.or([
        eb.and([eb(sql.ref(typeColumn), '=', 'track'), eb(sql.ref(idColumn), 'in', trackIds(db, subject))]),
        ...(own ? [eb.and([eb(sql.ref(typeColumn), '=', own), eb(sql.ref(idColumn), '=', subject.id)])] : []),
      ]),
    )
    .where('created_at', '>=', new Date(`${range.from}T00:00:00Z`))
    .where('created_at', '<', new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000))
    .groupBy(sql`to_char(created_at, 'YYYY-MM-DD')`)
    .execute();
  return new Map(rows.map((row) => [row.day, Number(row.n)]));
}

export async function topTracks(db: Db, subject: Subject, range: Range) {
  const rows = await db
    .selectFrom('play_daily as d')
    .innerJoin('tracks as t', 't.id', 'd.track_id')
    .select(['t.id', 't.name', sql<string>`sum(d.plays)`.as('plays')])
    .where('d.track_id', 'in', trackIds(db, subject))
    .where('d.day', '>=', asDate(range.from))
    .where('d.day', '<=', asDate(range.to))
    .groupBy(['t.id', 't.name'])
    .orderBy(sql`sum(d.plays)`, 'desc')
    .limit(10)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.name, plays: Number(row.plays) }));
}
