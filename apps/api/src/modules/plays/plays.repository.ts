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
 * A counted play in one statement: the play appended, the track's, its album's and its credited
 * artists' counters bumped, and the day's and month's roll-ups insights read (never `plays`)
 * upserted. One round trip on one pooled connection, where nine statements (eight side by side)
 * held up to eight of the pool's connections per play. The statement is its own transaction
 * (all or nothing: a failure no longer leaves the play without its counters), and every row lock it takes
 * lives for that one statement, so a hot track never queues listeners behind a long transaction.
 * `dimensions` holds at least the play's source. Resolves the play's id and the track's count.
 */
export async function recordCountedPlay(
  db: Db,
  play: PlayRow & { track_id: number },
  rollup: { day: string; listenerHash: string; dimensions: readonly PlayDimension[] },
): Promise<{ playId: number; plays: number | undefined }> {
  const trackId = play.track_id;
  const { day, listenerHash } = rollup;
  const month = `${day.slice(0, 7)}-01`;
  if (rollup.dimensions.length === 0) throw new Error('recordCountedPlay: a play has at least its source');
  const dims = rollup.dimensions.map((dim) => ({ ...dim, track_id: trackId, plays: 1 }));
  const row = await db
    .with('play', (q) => q.insertInto('plays').values(play).returning('id'))
    .with('track', (q) =>
      q.updateTable('tracks').set({ plays: sql`plays + 1` }).where('id', '=', trackId).returning('plays'),
    )
    .with('album', (q) =>
      q
        .updateTable('albums')
        .set({ plays: sql`plays + 1` })
        .where('id', '=', (eb) => eb.selectFrom('tracks').select('album_id').where('id', '=', trackId)),
    )
    .with('artists', (q) =>
      q
        .updateTable('artists')
        .set({ plays: sql`plays + 1` })
        .where('id', 'in', (eb) =>
          eb.selectFrom('artist_track').select('artist_id').where('track_id', '=', trackId),
        ),
    )
    .with('daily', (q) =>
      q
        .insertInto('play_daily')
        .values({ track_id: trackId, day, plays: 1 })
        .onConflict((oc) =>
          oc.columns(['track_id', 'day']).doUpdateSet({ plays: sql`play_daily.plays + 1` }),
        ),
    )
    .with('daily_dims', (q) =>
      q
        .insertInto('play_daily_dims')
        .values(dims.map((dim) => ({ ...dim, day })))
        .onConflict((oc) =>
          oc
            .columns(['track_id', 'day', 'dimension', 'value'])
            .doUpdateSet({ plays: sql`play_daily_dims.plays + 1` }),
        ),
    )
    .with('monthly_dims', (q) =>
      q
        .insertInto('play_monthly_dims')
        .values(dims.map((dim) => ({ ...dim, month })))
        .onConflict((oc) =>
          oc
            .columns(['track_id', 'month', 'dimension', 'value'])
            .doUpdateSet({ plays: sql`play_monthly_dims.plays + 1` }),
        ),
    )
    .with('daily_listeners', (q) =>
      q
        .insertInto('play_daily_listeners')
        .values({ track_id: trackId, day, listener_hash: listenerHash })
        .onConflict((oc) => oc.columns(['track_id', 'day', 'listener_hash']).doNothing()),
    )
    .with('monthly_listeners', (q) =>
      q
        .insertInto('play_monthly_listeners')
        .values({ track_id: trackId, month, listener_hash: listenerHash })
        .onConflict((oc) => oc.columns(['track_id', 'month', 'listener_hash']).doNothing()),
    )
    .selectFrom('play')
    .select((eb) => ['play.id', eb.selectFrom('track').select('track.plays').as('plays')])
    .executeTakeFirstOrThrow();
  return { playId: Number(row.id), plays: row.plays === null ? undefined : Number(row.plays) };
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
