import {
  resolveRange,
  type TInsightRange,
  type TInsights,
  type ZInsightsParamsSchema,
} from '@cadence/contracts/insights';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { canAny } from '../../platform/auth/access';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { managesCreditedItem } from '../catalogue/catalogue-access';

type Db = Kysely<Database>;
type Subject = z.output<typeof ZInsightsParamsSchema>;
type Range = { from: string; to: string };

const DIMENSIONS = ['country', 'city', 'device', 'platform', 'browser', 'source'] as const;
const ADMIN_PERMISSIONS = {
  tracks: ['music.update', 'tracks.update'],
  albums: ['music.update', 'albums.update'],
  artists: ['music.update', 'artists.update'],
} as const;

/** A YYYY-MM-DD literal as a SQL date (the `day` columns are `date`). */
const asDate = (value: string) => sql<Date>`${value}::date`;

/** Every day of the range as YYYY-MM-DD (the charts need the empty days too). */
function daysOf(range: Range): string[] {
  const days: string[] = [];
  for (
    let t = Date.parse(`${range.from}T00:00:00Z`);
    t <= Date.parse(`${range.to}T00:00:00Z`);
    t += 86_400_000
  )
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

export function createInsightsService(db: Db) {
  /** The subject's name, after checking the asker manages it (or may edit any); others get a 404. */
  async function authorize(request: FastifyRequest, subject: Subject): Promise<string> {
    const user = request.user;
    if (!user) throw new AppError('unauthenticated');
    const isEditor = await canAny(request, ADMIN_PERMISSIONS[subject.subject]);
    if (subject.subject === 'artists') {
      const artist = await db
        .selectFrom('artists')
        .select(['id', 'name'])
        .where('id', '=', subject.id)
        .executeTakeFirst();
      if (!artist) throw new AppError('not_found');
      if (isEditor) return artist.name;
      const link = await db
        .selectFrom('user_artist')
        .select('artist_id')
        .where('user_id', '=', user.id)
        .where('artist_id', '=', subject.id)
        .executeTakeFirst();
      if (!link) throw new AppError('not_found');
      return artist.name;
    }
    const table = subject.subject === 'tracks' ? 'tracks' : 'albums';
    const row = await db
      .selectFrom(table)
      .select(['id', 'name', 'owner_id'])
      .where('id', '=', subject.id)
      .executeTakeFirst();
    if (!row) throw new AppError('not_found');
    const kind = subject.subject === 'tracks' ? 'track' : 'album';
    if (
      !isEditor &&
      !(await managesCreditedItem(db, user.id, kind, { id: Number(row.id), owner_id: row.owner_id }))
    )
      throw new AppError('not_found');
    return row.name;
  }

  /** The subject's tracks as a subquery (an artist may have thousands: never loaded into memory). */
  function trackIds(subject: Subject) {
    if (subject.subject === 'tracks')
      return db.selectFrom('tracks').select('id').where('id', '=', subject.id);
    if (subject.subject === 'albums')
      return db.selectFrom('tracks').select('id').where('album_id', '=', subject.id);
    return db.selectFrom('artist_track').select('track_id as id').where('artist_id', '=', subject.id);
  }

  async function playsByDay(subject: Subject, range: Range) {
    const rows = await db
      .selectFrom('play_daily')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), sql<string>`sum(plays)`.as('plays')])
      .where('track_id', 'in', trackIds(subject))
      .where('day', '>=', asDate(range.from))
      .where('day', '<=', asDate(range.to))
      .groupBy('day')
      .execute();
    return new Map(rows.map((row) => [row.day, Number(row.plays)]));
  }

  async function listeners(subject: Subject, range: Range): Promise<number> {
    const row = await db
      .selectFrom('play_daily_listeners')
      .select(sql<string>`count(distinct listener_hash)`.as('n'))
      .where('track_id', 'in', trackIds(subject))
      .where('day', '>=', asDate(range.from))
      .where('day', '<=', asDate(range.to))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async function breakdowns(subject: Subject, range: Range) {
    const rows = await db
      .selectFrom('play_daily_dims')
      .select(['dimension', 'value', sql<string>`sum(plays)`.as('plays')])
      .where('track_id', 'in', trackIds(subject))
      .where('day', '>=', asDate(range.from))
      .where('day', '<=', asDate(range.to))
      .groupBy(['dimension', 'value'])
      .execute();
    const result = new Map<string, Map<string, number>>();
    for (const row of rows) {
      const map = result.get(row.dimension) ?? new Map<string, number>();
      map.set(row.value, Number(row.plays));
      result.set(row.dimension, map);
    }
    return result;
  }

  /** Likes or reposts of the subject and of its tracks, per day. */
  async function socialByDay(table: 'likes' | 'reposts', subject: Subject, range: Range) {
    const typeColumn = table === 'likes' ? 'likeable_type' : 'repostable_type';
    const idColumn = table === 'likes' ? 'likeable_id' : 'repostable_id';
    const own = subject.subject === 'albums' ? 'album' : subject.subject === 'artists' ? 'artist' : null;
    const rows = await db
      .selectFrom(table)
      .select([sql<string>`to_char(created_at, 'YYYY-MM-DD')`.as('day'), sql<string>`count(*)`.as('n')])
      .where((eb) =>
        eb.or([
          eb.and([eb(sql.ref(typeColumn), '=', 'track'), eb(sql.ref(idColumn), 'in', trackIds(subject))]),
          ...(own
            ? [eb.and([eb(sql.ref(typeColumn), '=', own), eb(sql.ref(idColumn), '=', subject.id)])]
            : []),
        ]),
      )
      .where('created_at', '>=', new Date(`${range.from}T00:00:00Z`))
      .where('created_at', '<', new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000))
      .groupBy(sql`to_char(created_at, 'YYYY-MM-DD')`)
      .execute();
    return new Map(rows.map((row) => [row.day, Number(row.n)]));
  }

  async function topTracks(subject: Subject, range: Range) {
    const rows = await db
      .selectFrom('play_daily as d')
      .innerJoin('tracks as t', 't.id', 'd.track_id')
      .select(['t.id', 't.name', sql<string>`sum(d.plays)`.as('plays')])
      .where('d.track_id', 'in', trackIds(subject))
      .where('d.day', '>=', asDate(range.from))
      .where('d.day', '<=', asDate(range.to))
      .groupBy(['t.id', 't.name'])
      .orderBy(sql`sum(d.plays)`, 'desc')
      .limit(10)
      .execute();
    return rows.map((row) => ({ id: Number(row.id), name: row.name, plays: Number(row.plays) }));
  }

  /** Points of the range with the previous range's value on the same offset. */
  function series(range: Range, previous: Range, current: Map<string, number>, before: Map<string, number>) {
    const days = daysOf(range);
    const previousDays = daysOf(previous);
    return days.map((date, index) => ({
      date,
      value: current.get(date) ?? 0,
      previous: before.get(previousDays[index] ?? '') ?? 0,
    }));
  }

  const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);

  async function insights(
    request: FastifyRequest,
    subject: Subject,
    query: { range: TInsightRange; from?: string; to?: string },
  ): Promise<TInsights> {
    const name = await authorize(request, subject);
    const resolved = resolveRange(query);
    const range = { from: resolved.from, to: resolved.to };
    const previous = { from: resolved.previousFrom, to: resolved.previousTo };
    const [
      plays,
      previousPlays,
      listenersNow,
      listenersBefore,
      dims,
      dimsBefore,
      likes,
      likesBefore,
      reposts,
      repostsBefore,
      top,
    ] = await Promise.all([
      playsByDay(subject, range),
      playsByDay(subject, previous),
      listeners(subject, range),
      listeners(subject, previous),
      breakdowns(subject, range),
      breakdowns(subject, previous),
      socialByDay('likes', subject, range),
      socialByDay('likes', subject, previous),
      socialByDay('reposts', subject, range),
      socialByDay('reposts', subject, previous),
      topTracks(subject, range),
    ]);
    const breakdown = (dimension: (typeof DIMENSIONS)[number]) => {
      const now = dims.get(dimension) ?? new Map<string, number>();
      const before = dimsBefore.get(dimension) ?? new Map<string, number>();
      return [...now.entries()]
        .map(([value, count]) => ({ value, plays: count, previous: before.get(value) ?? 0 }))
        .sort((a, b) => b.plays - a.plays || a.value.localeCompare(b.value))
        .slice(0, 20);
    };
    return {
      subject: { type: subject.subject, id: subject.id, name },
      range,
      previous,
      totals: {
        plays: sum(plays),
        previous_plays: sum(previousPlays),
        listeners: listenersNow,
        previous_listeners: listenersBefore,
        likes: sum(likes),
        previous_likes: sum(likesBefore),
        reposts: sum(reposts),
        previous_reposts: sum(repostsBefore),
      },
      plays: series(range, previous, plays, previousPlays),
      likes: series(range, previous, likes, likesBefore),
      reposts: series(range, previous, reposts, repostsBefore),
      top_tracks: top,
      countries: breakdown('country'),
      cities: breakdown('city'),
      devices: breakdown('device'),
      platforms: breakdown('platform'),
      browsers: breakdown('browser'),
      sources: breakdown('source'),
    };
  }

  return { insights };
}
