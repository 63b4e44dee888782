import type { TArtist } from '@cadence/contracts/artist';
import { type Kysely, type Selectable, sql } from 'kysely';
import { jsonArrayFrom, jsonBuildObject } from 'kysely/helpers/postgres';
import { executeTemplate } from '../../platform/db/prepared-statements';
import type { Database } from '../../platform/db/schema';
import { artistRefsJson } from '../catalogue/artist-refs.repository';
import { type ArtistCountName, artistCountOf } from '../catalogue/counts.repository';
import { genreRefsJson } from '../catalogue/genre-links.repository';
import { tagRefsJson } from '../catalogue/tag-links.repository';
import { albumsOfArtistQuery, topTracksOfArtistQuery } from './artists.repository';
import type { ArtistsTable } from './artists.tables';

type Db = Kysely<Database>;

export type ArtistPageWant = {
  genres: boolean;
  tags: boolean;
  albums: boolean;
  topTracks: boolean;
  /** The counts asked for, in the order asked. */
  counts: readonly ArtistCountName[];
};

/** What the statement's JSON columns hold: the answer's own shapes (a track's plays as a JSON number). */
export type ArtistPageRow = Selectable<ArtistsTable> &
  Pick<TArtist, 'genres' | 'tags' | 'albums' | 'top_tracks' | 'counts'>;

function artistPageQuery(db: Db, id: number, want: ArtistPageWant) {
  const owner = 'artists.id';
  return db
    .selectFrom('artists')
    .selectAll('artists')
    .$if(want.genres, (q) => q.select(genreRefsJson(db, 'artist', owner).as('genres')))
    .$if(want.tags, (q) => q.select(tagRefsJson(db, 'artist', owner).as('tags')))
    .$if(want.albums, (q) =>
      q.select(jsonArrayFrom(albumsOfArtistQuery(db, sql.ref<number>(owner))).as('albums')),
    )
    .$if(want.topTracks, (q) =>
      q.select(
        jsonArrayFrom(
          topTracksOfArtistQuery(db, sql.ref<number>(owner)).select(
            artistRefsJson(db, 'track', 't.id').as('artists'),
          ),
        ).as('top_tracks'),
      ),
    )
    .$if(want.counts.length > 0, (q) =>
      q.select(
        jsonBuildObject(
          Object.fromEntries(want.counts.map((name) => [name, artistCountOf(db, name, owner)])),
        ).as('counts'),
      ),
    )
    .where('artists.id', '=', id);
}

/**
 * The artist page in one statement and one round trip, as the album page
 * (`album-page.repository.ts`): the artist row with, as asked, its genres, tags, albums, top
 * tracks (with their artists) and counts, aggregated as JSON. It was up to seven statements in
 * three steps, five of them side by side, each holding a pooled connection. A variant's text
 * depends only on `want`, so it is compiled once and runs as a prepared statement.
 */
export async function findArtistPage(db: Db, id: number, want: ArtistPageWant) {
  const key = `artist-page:${want.genres}:${want.tags}:${want.albums}:${want.topTracks}:${want.counts.join(',')}`;
  const [row] = await executeTemplate<ArtistPageRow, number>(db, key, ID_MARKER, id, (artistId) =>
    artistPageQuery(db, artistId, want),
  );
  return row;
}

/** Bound where the artist id goes when a variant is compiled, to find the id's parameter. */
const ID_MARKER = -2_000_000_002;
