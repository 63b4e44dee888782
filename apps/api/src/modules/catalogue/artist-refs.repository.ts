import { type Kysely, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;

export type ArtistRefRow = {
  owner: number;
  id: number;
  name: string;
  slug: string;
  image_small: string | null;
};

/** The artists credited on each track, `owner` being the track, in credit order. */
export function artistRefRowsForTracks(db: Db, trackIds: number[]): Promise<ArtistRefRow[]> {
  return db
    .selectFrom('artist_track as at')
    .innerJoin('artists as a', 'a.id', 'at.artist_id')
    .select(['at.track_id as owner', 'a.id', 'a.name', 'a.slug', 'a.image_small'])
    .where('at.track_id', 'in', trackIds)
    .orderBy('at.track_id')
    .orderBy('at.position')
    .execute();
}

/** The artists credited on each album, `owner` being the album, in credit order. */
export function artistRefRowsForAlbums(db: Db, albumIds: number[]): Promise<ArtistRefRow[]> {
  return db
    .selectFrom('album_artist as aa')
    .innerJoin('artists as a', 'a.id', 'aa.artist_id')
    .select(['aa.album_id as owner', 'a.id', 'a.name', 'a.slug', 'a.image_small'])
    .where('aa.album_id', 'in', albumIds)
    .orderBy('aa.album_id')
    .orderBy('aa.position')
    .execute();
}

/** Ids of the artists a user manages (owner or editor). */
export async function managedArtistIds(db: Db, userId: number | number[]): Promise<Set<number>> {
  const userIds = Array.isArray(userId) ? userId : [userId];
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('user_artist')
    .select('artist_id')
    .where('user_id', 'in', userIds)
    .execute();
  return new Set(rows.map((row) => row.artist_id));
}

/** Artists created while this workspace was active: its members publish under them. */
export async function workspaceArtistIds(db: Db, workspaceId: number): Promise<number[]> {
  const rows = await db.selectFrom('artists').select('id').where('workspace_id', '=', workspaceId).execute();
  return rows.map((row) => Number(row.id));
}

/**
 * The artists credited on the album or track that `owner` (an outer query's id column) names, in
 * credit order, as a JSON array: for pages that aggregate their relations in one statement.
 */
export function artistRefsJson(db: Db, kind: 'album' | 'track', owner: string) {
  const refs =
    kind === 'album'
      ? db
          .selectFrom('album_artist as aa')
          .innerJoin('artists as a', 'a.id', 'aa.artist_id')
          .select(['a.id', 'a.name', 'a.slug', 'a.image_small'])
          .where('aa.album_id', '=', sql.ref<number>(owner))
          .orderBy('aa.position')
      : db
          .selectFrom('artist_track as at')
          .innerJoin('artists as a', 'a.id', 'at.artist_id')
          .select(['a.id', 'a.name', 'a.slug', 'a.image_small'])
          .where('at.track_id', '=', sql.ref<number>(owner))
          .orderBy('at.position');
  return jsonArrayFrom(refs);
}
