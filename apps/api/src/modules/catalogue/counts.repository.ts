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

/**
 * What a count counts: the rows of `table` whose `owner` column names the counted record, narrowed
 * by `match` (column = value). One description serves the grouped count over many ids and the
 * artist page's correlated count of one, so the two cannot drift apart.
 */
type Counted = {
  table:
    | 'likes'
    | 'reposts'
    | 'comments'
    | 'follows'
    | 'album_artist'
    | 'tracks'
    | 'playlist_track'
    | 'artist_track'
    | 'genreables';
  owner: string;
  match: Record<string, string | boolean>;
};

function counted(model: CountModel, name: Exclude<CountName, 'plays'>): Counted {
  switch (name) {
    case 'likes':
      return { table: 'likes', owner: 'likeable_id', match: { likeable_type: model } };
    case 'reposts':
      return { table: 'reposts', owner: 'repostable_id', match: { repostable_type: model } };
    case 'comments':
      return {
        table: 'comments',
        owner: 'commentable_id',
        match: { commentable_type: model, deleted: false },
      };
    case 'followers':
      return { table: 'follows', owner: 'followable_id', match: { followable_type: 'artist' } };
    case 'albums':
      if (model === 'genre') return genreCounted('album');
      return { table: 'album_artist', owner: 'artist_id', match: {} };
    case 'tracks':
      if (model === 'genre') return genreCounted('track');
      if (model === 'album') return { table: 'tracks', owner: 'album_id', match: {} };
      if (model === 'playlist') return { table: 'playlist_track', owner: 'playlist_id', match: {} };
      return { table: 'artist_track', owner: 'artist_id', match: {} };
    case 'artists':
      return genreCounted('artist');
  }
}

function genreCounted(type: 'track' | 'album' | 'artist'): Counted {
  return { table: 'genreables', owner: 'genre_id', match: { genreable_type: type } };
}

/** The counted rows of `what`, before they are tied to an owner: an index range scan each (see the migrations). */
function countedRows(db: Db, what: Counted) {
  let query = db.selectFrom(what.table as 'likes');
  for (const [column, value] of Object.entries(what.match)) {
    query = query.where(db.dynamic.ref(column), '=', value);
  }
  return query;
}

const COUNT = sql<number>`count(*)::int`;

/** An id and its count (`id` null only where the counted column is). */
type CountRow = { id: number | null; n: number };

/** One count per id of `ids` that has any (ids with none are missing). */
export async function countRows(db: Db, model: CountModel, name: CountName, ids: number[]) {
  if (name === 'plays') {
    return (await db
      .selectFrom('tracks')
      .select(['id', sql<number>`plays::int`.as('n')])
      .where('id', 'in', ids)
      .execute()) as CountRow[];
  }
  const what = counted(model, name);
  const owner = sql.ref<number>(what.owner);
  return (await countedRows(db, what)
    .select([owner.as('id'), COUNT.as('n')])
    .where(owner, 'in', ids)
    .groupBy(owner)
    .execute()) as CountRow[];
}

/** The counts an artist page may ask for (`ARTIST_SHOW_ALLOW.loadCount`). */
export type ArtistCountName = 'albums' | 'tracks' | 'likes' | 'followers';

/**
 * The count `name` of the artist `artistColumn` references, as a correlated scalar subquery: the
 * rows `countRows` counts for one artist, read inside the artist page's own statement.
 */
export function artistCountOf(db: Db, name: ArtistCountName, artistColumn: string) {
  const what = counted('artist', name);
  return countedRows(db, what)
    .select(COUNT.as('n'))
    .where(sql.ref<number>(what.owner), '=', sql.ref<number>(artistColumn));
}
