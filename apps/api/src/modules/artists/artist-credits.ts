import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { canAny, restrictionOf } from '../../platform/auth/access';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import { managedArtistIds, workspaceArtistIds } from './artist-refs';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Artists credited on a new or edited album/track must exist, and (unless the user may pick any
 * artist: catalogue editors, or music.create's `artist_selection` restriction) be managed by them.
 */
export async function assertCanCreditArtists(
  db: Kysely<Database>,
  request: FastifyRequest,
  artistIds: number[],
): Promise<void> {
  const unique = [...new Set(artistIds)];
  const found = await db.selectFrom('artists').select('id').where('id', 'in', unique).execute();
  if (found.length !== unique.length) throw validationError({ artist_ids: 'Choose existing artists.' });
  if (await canAny(request, ['music.update', 'artists.update', 'albums.update', 'tracks.update'])) return;
  if ((await restrictionOf(request, 'music.create', 'artist_selection')) === 1) return;
  if (!request.user) throw new AppError('unauthenticated');
  // Inside a workspace its members publish under any artist a member manages (a label's roster).
  const managers = request.workspaceId
    ? await request.server.services.workspaces.memberIds(request.workspaceId)
    : [request.user.id];
  const managed = await managedArtistIds(db, managers);
  if (request.workspaceId)
    for (const id of await workspaceArtistIds(db, request.workspaceId)) managed.add(id);
  if (unique.every((id) => managed.has(id))) return;
  throw new AppError('forbidden', 'You can only publish under artists you manage.');
}

export async function replaceTrackArtists(trx: Db, trackId: number, artistIds: number[]): Promise<void> {
  await trx.deleteFrom('artist_track').where('track_id', '=', trackId).execute();
  const unique = [...new Set(artistIds)];
  await trx
    .insertInto('artist_track')
    .values(
      unique.map((artist_id, position) => ({
        artist_id,
        track_id: trackId,
        position,
        primary: position === 0,
      })),
    )
    .execute();
}

export async function replaceAlbumArtists(trx: Db, albumId: number, artistIds: number[]): Promise<void> {
  await trx.deleteFrom('album_artist').where('album_id', '=', albumId).execute();
  const unique = [...new Set(artistIds)];
  await trx
    .insertInto('album_artist')
    .values(unique.map((artist_id, position) => ({ artist_id, album_id: albumId, position })))
    .execute();
}

export type CreditedKind = 'album' | 'track';

/** The artists credited on one album or track. */
export function creditedArtistIds(db: Kysely<Database>, kind: CreditedKind, itemId: number) {
  if (kind === 'album')
    return db.selectFrom('album_artist').select('artist_id').where('album_id', '=', itemId);
  return db.selectFrom('artist_track').select('artist_id').where('track_id', '=', itemId);
}

/** The ids of the albums or tracks credited to one artist. */
export function itemsCreditedTo(db: Kysely<Database>, kind: CreditedKind, artistId: number) {
  if (kind === 'album')
    return db.selectFrom('album_artist').select('album_id as id').where('artist_id', '=', artistId);
  return db.selectFrom('artist_track').select('track_id as id').where('artist_id', '=', artistId);
}
