import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { type Page, paginate } from '../catalogue/catalogue-query.repository';
import type { TrackRow } from '../catalogue/track-dto';

type Db = Kysely<Database>;

export type PlayRow = Insertable<Database['plays']>;

/** One roll-up row per dimension the play has a value for. */
export type PlayDimension = {
  dimension: Database['play_daily_dims']['dimension'];
  value: string;
};

export async function insertPlay(db: Db, play: PlayRow): Promise<number> {
  const row = await db.insertInto('plays').values(play).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The user's latest play of a track since `since` (a listen the scrobbler may be told about). */
export function latestPlay(db: Db, userId: number, trackId: number, since: Date) {
  return db
    .selectFrom('plays')
    .select(['id', 'played_at'])
    .where('user_id', '=', userId)
    .where('track_id', '=', trackId)
    .where('played_at', '>=', since)
    .orderBy('played_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Whether the user has a counted play of the track less than `withinMs` from `at`, either side. */
export async function playNear(db: Db, userId: number, trackId: number, at: Date, withinMs: number) {
  const row = await db
    .selectFrom('plays')
    .select('id')
    .where('user_id', '=', userId)
    .where('track_id', '=', trackId)
    .where('played_at', '>', new Date(at.getTime() - withinMs))
    .where('played_at', '<', new Date(at.getTime() + withinMs))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Bumps the day's and month's roll-ups insights read (never `plays`), each a single-row
 * upsert outside any transaction so a hot track's row lock lives for one statement.
 */
export async function bumpRollups(
  db: Db,
  play: { trackId: number; day: string; listenerHash: string; dimensions: PlayDimension[] },
): Promise<void> {
  const { trackId, day, listenerHash } = play;
  const month = `${day.slice(0, 7)}-01`;
  const dims = play.dimensions.map((dim) => ({ ...dim, track_id: trackId, plays: 1 }));
  await Promise.all([
    db
      .insertInto('play_daily')
      .values({ track_id: trackId, day, plays: 1 })
      .onConflict((oc) => oc.columns(['track_id', 'day']).doUpdateSet({ plays: sql`play_daily.plays + 1` }))
      .execute(),
    db
      .insertInto('play_daily_dims')
      .values(dims.map((dim) => ({ ...dim, day })))
      .onConflict((oc) =>
        oc
          .columns(['track_id', 'day', 'dimension', 'value'])
          .doUpdateSet({ plays: sql`play_daily_dims.plays + 1` }),
      )
      .execute(),
    db
      .insertInto('play_monthly_dims')
      .values(dims.map((dim) => ({ ...dim, month })))
      .onConflict((oc) =>
        oc
          .columns(['track_id', 'month', 'dimension', 'value'])
          .doUpdateSet({ plays: sql`play_monthly_dims.plays + 1` }),
      )
      .execute(),
    db
      .insertInto('play_daily_listeners')
      .values({ track_id: trackId, day, listener_hash: listenerHash })
      .onConflict((oc) => oc.columns(['track_id', 'day', 'listener_hash']).doNothing())
      .execute(),
    db
      .insertInto('play_monthly_listeners')
      .values({ track_id: trackId, month, listener_hash: listenerHash })
      .onConflict((oc) => oc.columns(['track_id', 'month', 'listener_hash']).doNothing())
      .execute(),
  ]);
}

/** The user's listening history, newest first: the played tracks with when. */
export function historyPage(
  db: Db,
  userId: number,
  options: { page: number; perPage: number },
): Promise<Page<TrackRow & { played_at: Date }>> {
  const base = db
    .selectFrom('plays')
    .innerJoin('tracks', 'tracks.id', 'plays.track_id')
    .where('plays.user_id', '=', userId);
  return paginate(base, options, (q) =>
    q
      .selectAll('tracks')
      .select('plays.played_at')
      .orderBy('plays.played_at', 'desc')
      .orderBy('plays.id', 'desc'),
  );
}

/**
 * Each listener's latest play since `since` (newest first), for "who is listening now" views;
 * `userIds` narrows it to those accounts. Guests' plays (no user) are not listeners here.
 */
export async function latestPlaysSince(
  db: Db,
  since: Date,
  options: { userIds?: number[]; limit: number },
): Promise<{ user_id: number; track_id: number; played_at: Date }[]> {
  if (options.userIds?.length === 0) return [];
  let q = db
    .selectFrom('plays')
    .select(['user_id', 'track_id', 'played_at'])
    .where('played_at', '>=', since)
    .where('user_id', 'is not', null);
  if (options.userIds) q = q.where('user_id', 'in', options.userIds);
  const rows = await q
    .orderBy('played_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit * 20)
    .execute();
  const latest = new Map<number, { user_id: number; track_id: number; played_at: Date }>();
  for (const row of rows) {
    const userId = Number(row.user_id);
    if (!latest.has(userId))
      latest.set(userId, { user_id: userId, track_id: row.track_id, played_at: row.played_at });
  }
  return [...latest.values()].slice(0, options.limit);
}
