import type { Kysely } from 'kysely';
import { type Actor, actorCanAny } from '../../platform/auth/actor';
import type { Database } from '../../platform/db/schema';
import { validationError } from '../../platform/http/app-error';
import { assertTrackVisibleTo } from '../catalogue/track-access';
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
  const foreign = rows.filter((row) => row.album_id !== albumId && row.owner_id !== userId);
  if (foreign.length === 0) return;
  // Someone else's private track is answered as a missing one, so its id cannot be probed.
  const isEveryVisible = await Promise.all(foreign.map((row) => assertTrackVisibleTo(db, actor, row))).then(
    () => true,
    () => false,
  );
  if (!isEveryVisible) throw validationError({ track_ids: 'Choose existing tracks.' });
  throw validationError({ track_ids: 'You can only add your own tracks to this album.' });
}
