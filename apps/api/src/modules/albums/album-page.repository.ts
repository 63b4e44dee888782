import type { Kysely } from 'kysely';
import { executeTemplate } from '../../platform/db/prepared-statements';
import type { Database } from '../../platform/db/schema';
import { artistRefsJson } from '../catalogue/artist-refs.repository';
import { genreRefsJson } from '../catalogue/genre-links.repository';
import { tagRefsJson } from '../catalogue/tag-links.repository';
import { visibleAlbumTracksJson } from '../catalogue/track-json.repository';
import { ALBUM_COLUMNS, albumReleaseDate } from './albums.repository';

type Db = Kysely<Database>;
type Want = { genres: boolean; tags: boolean; tracks: boolean };

function albumPageQuery(db: Db, id: number, want: Want) {
  return db
    .selectFrom('albums')
    .select([...ALBUM_COLUMNS, albumReleaseDate(), artistRefsJson(db, 'album', 'albums.id').as('artists')])
    .$if(want.genres, (q) => q.select(genreRefsJson(db, 'album', 'albums.id').as('genres')))
    .$if(want.tags, (q) => q.select(tagRefsJson(db, 'album', 'albums.id').as('tags')))
    .$if(want.tracks, (q) => q.select(visibleAlbumTracksJson(db, 'albums.id').as('tracks')))
    .where('albums.id', '=', id);
}

/**
 * The album page in one statement and one round trip: the album row with its artists and, as
 * asked, its genres, tags and visible tracks (with their artists) aggregated as JSON. Each
 * module supplies the subquery of its own tables. Its text depends only on `want` (eight
 * variants), so each variant is built and compiled by Kysely once (building it cost about a tenth
 * of the route's CPU per request) and runs as a prepared statement: planning the JSON subqueries
 * cost more than running them on an album of a dozen tracks.
 */
export async function findAlbumPage(db: Db, id: number, want: Want) {
  const key = `album-page:${want.genres}:${want.tags}:${want.tracks}`;
  const [row] = await executeTemplate(db, key, ID_MARKER, id, (albumId) => albumPageQuery(db, albumId, want));
  return row;
}

/** Bound where the album id goes when a variant is compiled, to find the id's parameter. */
const ID_MARKER = -2_000_000_001;
