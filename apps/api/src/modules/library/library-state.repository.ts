import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { TFollowableType, TLikeableType, TRepostableType } from './library.tables';

// Of `ids`, the ones the user has liked / follows / reposted: one indexed lookup per list.

const idsOf = (rows: { id: number }[]) => rows.map((row) => Number(row.id));

export async function likedIds(
  db: Kysely<Database>,
  userId: number,
  type: TLikeableType,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('likes')
    .select('likeable_id as id')
    .where('user_id', '=', userId)
    .where('likeable_type', '=', type)
    .where('likeable_id', 'in', ids)
    .execute();
  return idsOf(rows);
}

export async function followedIds(
  db: Kysely<Database>,
  userId: number,
  type: TFollowableType,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('follows')
    .select('followable_id as id')
    .where('follower_id', '=', userId)
    .where('followable_type', '=', type)
    .where('followable_id', 'in', ids)
    .execute();
  return idsOf(rows);
}

export async function repostedIds(
  db: Kysely<Database>,
  userId: number,
  type: TRepostableType,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('reposts')
    .select('repostable_id as id')
    .where('user_id', '=', userId)
    .where('repostable_type', '=', type)
    .where('repostable_id', 'in', ids)
    .execute();
  return idsOf(rows);
}
