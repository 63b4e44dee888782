import type { TArtistRef } from '@cadence/contracts/catalogue';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { type ArtistRefRow, artistRefRowsForAlbums, artistRefRowsForTracks } from './artist-refs.repository';
import { groupBy } from './catalogue-utils';

type Db = Kysely<Database>;

/** Artists of each track, in credit order (one query for the whole page). */
export async function artistRefsForTracks(db: Db, trackIds: number[]): Promise<Map<number, TArtistRef[]>> {
  if (trackIds.length === 0) return new Map();
  return toRefMap(await artistRefRowsForTracks(db, trackIds));
}

export async function artistRefsForAlbums(db: Db, albumIds: number[]): Promise<Map<number, TArtistRef[]>> {
  if (albumIds.length === 0) return new Map();
  return toRefMap(await artistRefRowsForAlbums(db, albumIds));
}

function toRefMap(rows: ArtistRefRow[]) {
  const grouped = groupBy(rows, (row) => row.owner);
  return new Map(
    [...grouped].map(([owner, list]) => [
      owner,
      list.map(({ id, name, slug, image_small }) => ({ id, name, slug, image_small })),
    ]),
  );
}
