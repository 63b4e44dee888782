import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { splitByMonth } from './month-split';

type Db = Kysely<Database>;
export type Range = { from: string; to: string };
export type Dimension = 'country' | 'device' | 'platform' | 'browser' | 'source';
export type VisitDimension = 'page_kind' | 'referrer_host' | 'country' | 'device';

/** A YYYY-MM-DD literal as a SQL date (the `day` columns are `date`). */
const asDate = (value: string) => sql<Date>`${value}::date`;
const dayText = sql<string>`to_char(day, 'YYYY-MM-DD')`;

/*
 * All SQL of the site-wide reports (admin /plays and /visitors) and of the analytics upkeep.
 * Plays are read from the daily roll-ups only, never from the raw `plays` rows.
 */

export async function playsByDay(db: Db, range: Range): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('play_daily')
    .select([dayText.as('day'), sql<string>`sum(plays)`.as('plays')])
    .where('day', '>=', asDate(range.from))
    .where('day', '<=', asDate(range.to))
    .groupBy('day')
    .execute();
  return new Map(rows.map((row) => [row.day, Number(row.plays)]));
}

/** Unique listeners: whole months from the monthly listener rows, the edge days from the daily ones. */
export async function listeners(db: Db, range: Range): Promise<number> {
  const { months, days } = splitByMonth(range);
  const daily = db
    .selectFrom('play_daily_listeners')
    .select('listener_hash')
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
            .where('month', '>=', asDate(months.from))
            .where('month', '<=', asDate(months.to)),
        );
  const row = await db
    .selectFrom(hashes.as('listeners'))
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Whole months from the monthly roll-up, the days around them from the daily one. */
export async function playsByDimension(db: Db, range: Range): Promise<Map<string, Map<string, number>>> {
  const dimensions = ['country', 'device', 'platform', 'browser', 'source'] as const;
  const { months, days } = splitByMonth(range);
  const [daily, monthly] = await Promise.all([
    days.length === 0
      ? []
      : db
          .selectFrom('play_daily_dims')
          .select(['dimension', 'value', sql<string>`sum(plays)`.as('plays')])
          .where((eb) =>
            eb.or(
              days.map((part) =>
                eb.and([eb('day', '>=', asDate(part.from)), eb('day', '<=', asDate(part.to))]),
              ),
            ),
          )
          .where('dimension', 'in', dimensions)
          .groupBy(['dimension', 'value'])
          .execute(),
    months === null
      ? []
      : db
          .selectFrom('play_monthly_dims')
          .select(['dimension', 'value', sql<string>`sum(plays)`.as('plays')])
          .where('month', '>=', asDate(months.from))
          .where('month', '<=', asDate(months.to))
          .where('dimension', 'in', dimensions)
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

export async function topTracks(db: Db, range: Range, limit = 10) {
  const rows = await db
    .selectFrom('play_daily as d')
    .innerJoin('tracks as t', 't.id', 'd.track_id')
    .select(['t.id', 't.name', sql<string>`sum(d.plays)`.as('plays')])
    .where('d.day', '>=', asDate(range.from))
    .where('d.day', '<=', asDate(range.to))
    .groupBy(['t.id', 't.name'])
    .orderBy(sql`sum(d.plays)`, 'desc')
    .orderBy('t.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.name, plays: Number(row.plays) }));
}

export async function topAlbums(db: Db, range: Range, limit = 10) {
  const rows = await db
    .selectFrom('play_daily as d')
    .innerJoin('tracks as t', 't.id', 'd.track_id')
    .innerJoin('albums as a', 'a.id', 't.album_id')
    .select(['a.id', 'a.name', sql<string>`sum(d.plays)`.as('plays')])
    .where('d.day', '>=', asDate(range.from))
    .where('d.day', '<=', asDate(range.to))
    .groupBy(['a.id', 'a.name'])
    .orderBy(sql`sum(d.plays)`, 'desc')
    .orderBy('a.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.name, plays: Number(row.plays) }));
}

export async function topArtists(db: Db, range: Range, limit = 10) {
  const rows = await db
    .selectFrom('play_daily as d')
    .innerJoin('artist_track as at', 'at.track_id', 'd.track_id')
    .innerJoin('artists as a', 'a.id', 'at.artist_id')
    .select(['a.id', 'a.name', sql<string>`sum(d.plays)`.as('plays')])
    .where('d.day', '>=', asDate(range.from))
    .where('d.day', '<=', asDate(range.to))
    .groupBy(['a.id', 'a.name'])
    .orderBy(sql`sum(d.plays)`, 'desc')
    .orderBy('a.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.name, plays: Number(row.plays) }));
}

export async function topGenres(db: Db, range: Range, limit = 10) {
  const rows = await db
    .selectFrom('play_daily as d')
    .innerJoin('genreables as ga', (join) =>
      join.onRef('ga.genreable_id', '=', 'd.track_id').on('ga.genreable_type', '=', 'track'),
    )
    .innerJoin('genres as g', 'g.id', 'ga.genre_id')
    .select([
      'g.id',
      sql<string>`coalesce(nullif(g.display_name, ''), g.name)`.as('name'),
      sql<string>`sum(d.plays)`.as('plays'),
    ])
    .where('d.day', '>=', asDate(range.from))
    .where('d.day', '<=', asDate(range.to))
    .groupBy(['g.id', 'g.name', 'g.display_name'])
    .orderBy(sql`sum(d.plays)`, 'desc')
    .orderBy('g.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.name, plays: Number(row.plays) }));
}

export async function recordPageView(
  db: Db,
  view: {
    viewedAt: Date;
    pageKind: string;
    referrerHost: string | null;
    country: string | null;
    device: string | null;
    visitorHash: string;
  },
): Promise<void> {
  await db
    .insertInto('page_views')
    .values({
      viewed_at: view.viewedAt,
      day: view.viewedAt.toISOString().slice(0, 10),
      page_kind: view.pageKind,
      referrer_host: view.referrerHost,
      country: view.country,
      device: view.device,
      visitor_hash: view.visitorHash,
    })
    .execute();
}

export async function viewsByDay(db: Db, range: Range) {
  const rows = await db
    .selectFrom('page_views')
    .select([
      dayText.as('day'),
      sql<string>`count(*)`.as('views'),
      sql<string>`count(distinct visitor_hash)`.as('visitors'),
    ])
    .where('day', '>=', asDate(range.from))
    .where('day', '<=', asDate(range.to))
    .groupBy('day')
    .execute();
  return {
    views: new Map(rows.map((row) => [row.day, Number(row.views)])),
    visitors: new Map(rows.map((row) => [row.day, Number(row.visitors)])),
  };
}

export async function uniqueVisitors(db: Db, range: Range): Promise<number> {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('page_views')
        .select('visitor_hash')
        .distinct()
        .where('day', '>=', asDate(range.from))
        .where('day', '<=', asDate(range.to))
        .as('visitors'),
    )
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function viewsBy(
  db: Db,
  dimension: VisitDimension,
  range: Range,
  limit = 20,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('page_views')
    .select([sql<string>`${sql.ref(dimension)}`.as('value'), sql<string>`count(*)`.as('views')])
    .where('day', '>=', asDate(range.from))
    .where('day', '<=', asDate(range.to))
    .where(sql.ref(dimension), 'is not', null)
    .groupBy(sql.ref(dimension))
    .orderBy(sql`count(*)`, 'desc')
    .limit(limit)
    .execute();
  return new Map(rows.map((row) => [row.value, Number(row.views)]));
}

/** Deletes raw plays and page views older than `before`; the daily roll-ups stay. */
export async function pruneBefore(db: Db, before: Date): Promise<{ plays: number; pageViews: number }> {
  const plays = await db.deleteFrom('plays').where('played_at', '<', before).executeTakeFirst();
  const views = await db.deleteFrom('page_views').where('viewed_at', '<', before).executeTakeFirst();
  return { plays: Number(plays.numDeletedRows), pageViews: Number(views.numDeletedRows) };
}
