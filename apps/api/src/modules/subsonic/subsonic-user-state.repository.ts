import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { TRateableType } from './subsonic.tables';

type Db = Kysely<Database>;

/** Sets (1-5) or clears (0) one user's rating of one item. */
export async function setRating(
  db: Db,
  userId: number,
  target: { type: TRateableType; id: number },
  rating: number,
): Promise<void> {
  const key = { user_id: userId, rateable_type: target.type, rateable_id: target.id };
  if (rating === 0) {
    await db
      .deleteFrom('subsonic_ratings')
      .where('user_id', '=', userId)
      .where('rateable_type', '=', target.type)
      .where('rateable_id', '=', target.id)
      .execute();
    return;
  }
  await db
    .insertInto('subsonic_ratings')
    .values({ ...key, rating, updated_at: new Date() })
    .onConflict((oc) =>
      oc.columns(['user_id', 'rateable_type', 'rateable_id']).doUpdateSet({ rating, updated_at: new Date() }),
    )
    .execute();
}

export function bookmarksOf(db: Db, userId: number) {
  return db
    .selectFrom('subsonic_bookmarks')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .limit(1000)
    .execute();
}

export async function upsertBookmark(
  db: Db,
  userId: number,
  bookmark: { trackId: number; positionMs: number; comment: string | null },
): Promise<void> {
  const now = new Date();
  await db
    .insertInto('subsonic_bookmarks')
    .values({
      user_id: userId,
      track_id: bookmark.trackId,
      position_ms: bookmark.positionMs,
      comment: bookmark.comment,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'track_id']).doUpdateSet({
        position_ms: bookmark.positionMs,
        comment: bookmark.comment,
        updated_at: now,
      }),
    )
    .execute();
}

export async function deleteBookmark(db: Db, userId: number, trackId: number): Promise<void> {
  await db
    .deleteFrom('subsonic_bookmarks')
    .where('user_id', '=', userId)
    .where('track_id', '=', trackId)
    .execute();
}

export function playQueueOf(db: Db, userId: number) {
  return db.selectFrom('subsonic_play_queues').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Replaces the user's saved queue; an empty one is removed (Subsonic's "clear the queue"). */
export async function savePlayQueue(
  db: Db,
  userId: number,
  queue: { trackIds: number[]; currentId: number | null; positionMs: number; changedBy: string },
): Promise<void> {
  if (queue.trackIds.length === 0) {
    await db.deleteFrom('subsonic_play_queues').where('user_id', '=', userId).execute();
    return;
  }
  const values = {
    track_ids: JSON.stringify(queue.trackIds),
    current_id: queue.currentId,
    position_ms: queue.positionMs,
    changed_by: queue.changedBy,
    updated_at: new Date(),
  };
  await db
    .insertInto('subsonic_play_queues')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}
