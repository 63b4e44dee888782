import type { Kysely } from 'kysely';
import { type Actor, actorCanAny } from '../../platform/auth/actor';
import type { Database } from '../../platform/db/schema';
import { validationError } from '../../platform/http/app-error';
import { trackPlacements } from './albums.repository';

/** Tracks an album edit may list: existing ones that are on it, or the editor's own (any, with music.update). */
export async function assertTracksUsable(
  db: Kysely<Database>,
  actor: Actor,
  albumId: number,
  trackIds: number[],
): Promise<void> {
  if (new Set(trackIds).size !== trackIds.length)
    throw validationError({ track_ids: 'A track is listed twice.' });
  if (trackIds.length === 0) return;
  const rows = await trackPlacements(db, trackIds);
  if (rows.length !== trackIds.length) throw validationError({ track_ids: 'Choose existing tracks.' });
  if (await actorCanAny(actor, ['music.update', 'albums.update', 'tracks.update'])) return;
  const userId = actor.user?.id;
  const foreign = rows.some((row) => row.album_id !== albumId && row.owner_id !== userId);
  if (foreign) throw validationError({ track_ids: 'You can only add your own tracks to this album.' });
}
