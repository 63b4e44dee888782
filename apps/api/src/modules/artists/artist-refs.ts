import type { TArtistRef } from '@cadence/contracts/catalogue';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { groupBy } from '../catalogue/catalogue-utils';

type Db = Kysely<Database>;

/** Artists of each track, in credit order (one query for the whole page). */
export async function artistRefsForTracks(db: Db, trackIds: number[]): Promise<Map<number, TArtistRef[]>> {
  if (trackIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('artist_track as at')
    .innerJoin('artists as a', 'a.id', 'at.artist_id')
    .select(['at.track_id as owner', 'a.id', 'a.name', 'a.slug', 'a.image_small'])
    .where('at.track_id', 'in', trackIds)
    .orderBy('at.track_id')
    .orderBy('at.position')
    .execute();
  return toRefMap(rows);
}

export async function artistRefsForAlbums(db: Db, albumIds: number[]): Promise<Map<number, TArtistRef[]>> {
  if (albumIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('album_artist as aa')
    .innerJoin('artists as a', 'a.id', 'aa.artist_id')
    .select(['aa.album_id as owner', 'a.id', 'a.name', 'a.slug', 'a.image_small'])
    .where('aa.album_id', 'in', albumIds)
    .orderBy('aa.album_id')
    .orderBy('aa.position')
    .execute();
  return toRefMap(rows);
}

function toRefMap(
  rows: { owner: number; id: number; name: string; slug: string; image_small: string | null }[],
) {
  const grouped = groupBy(rows, (row) => row.owner);
  return new Map(
    [...grouped].map(([owner, list]) => [
      owner,
      list.map(({ id, name, slug, image_small }) => ({ id, name, slug, image_small })),
    ]),
  );
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
