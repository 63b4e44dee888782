import type { Kysely } from 'kysely';
import { executePrepared } from '../../platform/db/prepared-statements';
import type { Database } from '../../platform/db/schema';
import { artistRefsJson } from '../catalogue/artist-refs.repository';
import { genreRefsJson } from '../catalogue/genre-links.repository';
import { tagRefsJson } from '../catalogue/tag-links.repository';
import { visibleAlbumTracksJson } from '../catalogue/track-json.repository';
import { ALBUM_COLUMNS, albumReleaseDate } from './albums.repository';

type Db = Kysely<Database>;

/**
 * The album page in one statement and one round trip: the album row with its artists and, as
 * asked, its genres, tags and visible tracks (with their artists) aggregated as JSON. Each
 * module supplies the subquery of its own tables. Its text depends only on `want` (eight
 * variants), so it runs as a prepared statement: planning the JSON subqueries cost more than
 * running them on an album of a dozen tracks.
 */
export async function findAlbumPage(
  db: Db,
  id: number,
  want: { genres: boolean; tags: boolean; tracks: boolean },
) {
  const query = db
    .selectFrom('albums')
    .select([...ALBUM_COLUMNS, albumReleaseDate(), artistRefsJson(db, 'album', 'albums.id').as('artists')])
    .$if(want.genres, (q) => q.select(genreRefsJson(db, 'album', 'albums.id').as('genres')))
    .$if(want.tags, (q) => q.select(tagRefsJson(db, 'album', 'albums.id').as('tags')))
    .$if(want.tracks, (q) => q.select(visibleAlbumTracksJson(db, 'albums.id').as('tracks')))
    .where('albums.id', '=', id);
  const [row] = await executePrepared(db, query);
  return row;
}
