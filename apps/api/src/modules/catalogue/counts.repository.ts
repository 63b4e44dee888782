import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;
export type CountName =
  | 'likes'
  | 'reposts'
  | 'comments'
  | 'followers'
  | 'albums'
  | 'tracks'
  | 'artists'
  | 'plays';
export type CountModel = 'track' | 'album' | 'artist' | 'playlist' | 'genre';

/** One grouped query per requested count, each an index range scan (see the migrations). */
function countQuery(db: Db, model: CountModel, name: CountName, ids: number[]) {
  switch (name) {
    case 'likes':
      return db
        .selectFrom('likes')
        .select(['likeable_id as id', sql<number>`count(*)::int`.as('n')])
        .where('likeable_type', '=', model as 'track')
        .where('likeable_id', 'in', ids)
        .groupBy('likeable_id');
    case 'reposts':
      return db
        .selectFrom('reposts')
        .select(['repostable_id as id', sql<number>`count(*)::int`.as('n')])
        .where('repostable_type', '=', model as 'track')
        .where('repostable_id', 'in', ids)
        .groupBy('repostable_id');
    case 'comments':
      return db
        .selectFrom('comments')
        .select(['commentable_id as id', sql<number>`count(*)::int`.as('n')])
        .where('commentable_type', '=', model as 'track')
        .where('commentable_id', 'in', ids)
        .where('deleted', '=', false)
        .groupBy('commentable_id');
    case 'followers':
      return db
        .selectFrom('follows')
        .select(['followable_id as id', sql<number>`count(*)::int`.as('n')])
        .where('followable_type', '=', 'artist')
        .where('followable_id', 'in', ids)
        .groupBy('followable_id');
    case 'albums':
      if (model === 'genre') return genreCount(db, 'album', ids);
      return db
        .selectFrom('album_artist')
        .select(['artist_id as id', sql<number>`count(*)::int`.as('n')])
        .where('artist_id', 'in', ids)
        .groupBy('artist_id');
    case 'tracks':
      if (model === 'genre') return genreCount(db, 'track', ids);
      if (model === 'album')
        return db
          .selectFrom('tracks')
          .select(['album_id as id', sql<number>`count(*)::int`.as('n')])
          .where('album_id', 'in', ids)
          .groupBy('album_id');
      if (model === 'playlist')
        return db
          .selectFrom('playlist_track')
          .select(['playlist_id as id', sql<number>`count(*)::int`.as('n')])
          .where('playlist_id', 'in', ids)
          .groupBy('playlist_id');
      return db
        .selectFrom('artist_track')
        .select(['artist_id as id', sql<number>`count(*)::int`.as('n')])
        .where('artist_id', 'in', ids)
        .groupBy('artist_id');
    case 'artists':
      return genreCount(db, 'artist', ids);
    case 'plays':
      return db
        .selectFrom('tracks')
        .select(['id', sql<number>`plays::int`.as('n')])
        .where('id', 'in', ids);
  }
}

function genreCount(db: Db, type: 'track' | 'album' | 'artist', ids: number[]) {
  return db
    .selectFrom('genreables')
    .select(['genre_id as id', sql<number>`count(*)::int`.as('n')])
    .where('genreable_type', '=', type)
    .where('genre_id', 'in', ids)
    .groupBy('genre_id');
}

/** One count per id of `ids` that has any (ids with none are missing). */
export async function countRows(db: Db, model: CountModel, name: CountName, ids: number[]) {
  return (await countQuery(db, model, name, ids).execute()) as { id: number | null; n: number }[];
}

/** The counts an artist page may ask for (`ARTIST_SHOW_ALLOW.loadCount`). */
export type ArtistCountName = 'albums' | 'tracks' | 'likes' | 'followers';

/**
 * The count `name` of the artist `owner` references, as a correlated scalar subquery: the same
 * rows `countQuery` counts for one id, read inside the artist page's own statement.
 */
export function artistCountOf(db: Db, name: ArtistCountName, owner: string) {
  const artist = sql.ref<number>(owner);
  const count = sql<number>`count(*)::int`;
  switch (name) {
    case 'likes':
      return db
        .selectFrom('likes')
        .select(count.as('n'))
        .where('likeable_type', '=', 'artist')
        .where('likeable_id', '=', artist);
    case 'followers':
      return db
        .selectFrom('follows')
        .select(count.as('n'))
        .where('followable_type', '=', 'artist')
        .where('followable_id', '=', artist);
    case 'albums':
      return db.selectFrom('album_artist').select(count.as('n')).where('artist_id', '=', artist);
    case 'tracks':
      return db.selectFrom('artist_track').select(count.as('n')).where('artist_id', '=', artist);
  }
}
