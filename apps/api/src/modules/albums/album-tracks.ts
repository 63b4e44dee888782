import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { canAny } from '../../platform/auth/access';
import type { Database } from '../../platform/db/schema';
import { validationError } from '../../platform/http/app-error';

/** Tracks an album edit may list: existing ones that are on it, or the editor's own (any, with music.update). */
export async function assertTracksUsable(
  db: Kysely<Database>,
  request: FastifyRequest,
  albumId: number,
  trackIds: number[],
): Promise<void> {
  if (new Set(trackIds).size !== trackIds.length)
    throw validationError({ track_ids: 'A track is listed twice.' });
  if (trackIds.length === 0) return;
  const rows = await db
    .selectFrom('tracks')
    .select(['id', 'album_id', 'owner_id'])
    .where('id', 'in', trackIds)
    .execute();
  if (rows.length !== trackIds.length) throw validationError({ track_ids: 'Choose existing tracks.' });
  if (await canAny(request, ['music.update', 'albums.update', 'tracks.update'])) return;
  const userId = request.user?.id;
  const foreign = rows.some((row) => row.album_id !== albumId && row.owner_id !== userId);
  if (foreign) throw validationError({ track_ids: 'You can only add your own tracks to this album.' });
}

/** Orders the listed tracks on the album; the ones it leaves out stay in the catalogue as singles. */
export async function replaceAlbumTracks(
  trx: Transaction<Database>,
  albumId: number,
  trackIds: number[],
): Promise<void> {
  let singles = trx
    .updateTable('tracks')
    .set({ album_id: null, number: null, updated_at: new Date() })
    .where('album_id', '=', albumId);
  if (trackIds.length > 0) singles = singles.where('id', 'not in', trackIds);
  await singles.execute();
  for (const [index, id] of trackIds.entries())
    await trx
      .updateTable('tracks')
      .set({ album_id: albumId, number: index + 1, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
}
