import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { dateText, paginate } from '../catalogue/catalogue-query.repository';
import type { TFollowableType, TLikeableType, TRepostableType } from './library.tables';

type Db = Kysely<Database>;
type PageOptions = { page: number; perPage: number };

// Likes, reposts and follows: who marked what, and the paged lists of what they marked.

/** One statement whatever the number of ids: an existing like stays, a missing one is no error. */
export async function addLikes(db: Db, userId: number, type: TLikeableType, ids: number[]): Promise<void> {
  await db
    .insertInto('likes')
    .values(ids.map((id) => ({ user_id: userId, likeable_type: type, likeable_id: id })))
    .onConflict((oc) => oc.columns(['user_id', 'likeable_type', 'likeable_id']).doNothing())
    .execute();
}

export async function removeLikes(db: Db, userId: number, type: TLikeableType, ids: number[]): Promise<void> {
  await db
    .deleteFrom('likes')
    .where('user_id', '=', userId)
    .where('likeable_type', '=', type)
    .where('likeable_id', 'in', ids)
    .execute();
}

export async function countLikes(db: Db, type: TLikeableType, id: number): Promise<number> {
  const { n } = await db
    .selectFrom('likes')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('likeable_type', '=', type)
    .where('likeable_id', '=', id)
    .executeTakeFirstOrThrow();
  return n;
}

export async function addRepost(db: Db, userId: number, type: TRepostableType, id: number): Promise<void> {
  await db
    .insertInto('reposts')
    .values({ user_id: userId, repostable_type: type, repostable_id: id })
    .onConflict((oc) => oc.columns(['user_id', 'repostable_type', 'repostable_id']).doNothing())
    .execute();
}

export async function removeRepost(db: Db, userId: number, type: TRepostableType, id: number): Promise<void> {
  await db
    .deleteFrom('reposts')
    .where('user_id', '=', userId)
    .where('repostable_type', '=', type)
    .where('repostable_id', '=', id)
    .execute();
}

export async function countReposts(db: Db, type: TRepostableType, id: number): Promise<number> {
  const { n } = await db
    .selectFrom('reposts')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('repostable_type', '=', type)
    .where('repostable_id', '=', id)
    .executeTakeFirstOrThrow();
  return n;
}

export async function addFollow(db: Db, userId: number, type: TFollowableType, id: number): Promise<void> {
  await db
    .insertInto('follows')
    .values({ follower_id: userId, followable_type: type, followable_id: id })
    .onConflict((oc) => oc.columns(['follower_id', 'followable_type', 'followable_id']).doNothing())
    .execute();
}

export async function removeFollow(db: Db, userId: number, type: TFollowableType, id: number): Promise<void> {
  await db
    .deleteFrom('follows')
    .where('follower_id', '=', userId)
    .where('followable_type', '=', type)
    .where('followable_id', '=', id)
    .execute();
}

export async function countFollowers(db: Db, type: TFollowableType, id: number): Promise<number> {
  const { n } = await db
    .selectFrom('follows')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('followable_type', '=', type)
    .where('followable_id', '=', id)
    .executeTakeFirstOrThrow();
  return n;
}

/** How many users and artists the user follows. */
export async function countFollowing(db: Db, userId: number): Promise<number> {
  const { n } = await db
    .selectFrom('follows')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('follower_id', '=', userId)
    .executeTakeFirstOrThrow();
  return n;
}

export async function isFollowing(
  db: Db,
  userId: number,
  type: TFollowableType,
  id: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('follower_id', '=', userId)
    .where('followable_type', '=', type)
    .where('followable_id', '=', id)
    .executeTakeFirst();
  return !!row;
}

/** How many tracks and albums the user reposted. */
export async function countRepostsBy(db: Db, userId: number): Promise<number> {
  const { n } = await db
    .selectFrom('reposts')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return n;
}

function likedBase(db: Db, userId: number, type: TLikeableType) {
  return db.selectFrom('likes').where('likes.user_id', '=', userId).where('likes.likeable_type', '=', type);
}

/** Liked tracks, newest like first; private ones only for their owner (`viewerId`). */
export function likedTracksPage(db: Db, userId: number, viewerId: number | null, options: PageOptions) {
  const base = likedBase(db, userId, 'track')
    .innerJoin('tracks', 'tracks.id', 'likes.likeable_id')
    .where((eb) => eb.or([eb('tracks.visibility', '!=', 'private'), eb('tracks.owner_id', '=', viewerId)]));
  return paginate(base, options, (q) =>
    q.selectAll('tracks').orderBy('likes.created_at', 'desc').orderBy('tracks.id', 'desc'),
  );
}

export function likedAlbumsPage(db: Db, userId: number, options: PageOptions) {
  const base = likedBase(db, userId, 'album').innerJoin('albums', 'albums.id', 'likes.likeable_id');
  return paginate(base, options, (q) =>
    q
      .selectAll('albums')
      .select(dateText('albums.release_date').as('release_date'))
      .orderBy('likes.created_at', 'desc')
      .orderBy('albums.id', 'desc'),
  );
}

export function likedArtistsPage(db: Db, userId: number, options: PageOptions) {
  const base = likedBase(db, userId, 'artist').innerJoin('artists', 'artists.id', 'likes.likeable_id');
  return paginate(base, options, (q) =>
    q.selectAll('artists').orderBy('likes.created_at', 'desc').orderBy('artists.id', 'desc'),
  );
}

export function followersPage(db: Db, type: TFollowableType, id: number, options: PageOptions) {
  const base = db
    .selectFrom('follows')
    .innerJoin('users', 'users.id', 'follows.follower_id')
    .where('follows.followable_type', '=', type)
    .where('follows.followable_id', '=', id);
  return paginate(base, options, (q) =>
    q
      .select(['users.id', 'users.name', 'users.image', 'users.first_name', 'users.last_name'])
      .select('follows.created_at as followed_at')
      .orderBy('follows.created_at', 'desc')
      .orderBy('users.id', 'desc'),
  );
}

export function followingPage(db: Db, userId: number, options: PageOptions) {
  const base = db.selectFrom('follows').where('follows.follower_id', '=', userId);
  return paginate(base, options, (q) =>
    q
      .select(['follows.followable_type', 'follows.followable_id', 'follows.created_at'])
      .orderBy('follows.created_at', 'desc')
      .orderBy('follows.followable_id', 'desc'),
  );
}

export function repostsPage(db: Db, userId: number, options: PageOptions) {
  const base = db.selectFrom('reposts').where('reposts.user_id', '=', userId);
  return paginate(base, options, (q) =>
    q
      .select(['reposts.repostable_type', 'reposts.repostable_id', 'reposts.created_at'])
      .orderBy('reposts.created_at', 'desc')
      .orderBy('reposts.repostable_id', 'desc'),
  );
}
