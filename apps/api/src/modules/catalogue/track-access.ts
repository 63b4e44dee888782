import type { Kysely } from 'kysely';
import { type Actor, actorCanAny } from '../../platform/auth/actor';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { managesCreditedItem } from './catalogue-access';
import { orNotFound } from './catalogue-utils';
import type { TrackRow } from './track-dto';
import { findStreamableTrack, findTrack } from './track-rows.repository';

type Db = Kysely<Database>;

/** True when the user owns the track or manages one of its artists. */
export function managesTrack(
  db: Db,
  userId: number,
  track: Pick<TrackRow, 'id' | 'owner_id'>,
): Promise<boolean> {
  return managesCreditedItem(db, userId, 'track', track);
}

/**
 * Private tracks exist only for their owner, their artists' managers and catalogue editors:
 * everyone else gets the same 404 as for a missing id, so ids cannot be probed.
 */
export async function assertTrackVisibleTo(
  db: Db,
  actor: Actor,
  track: Pick<TrackRow, 'id' | 'owner_id' | 'visibility'>,
): Promise<void> {
  if (track.visibility !== 'private') return;
  if (actor.user && (await managesTrack(db, actor.user.id, track))) return;
  if (await actorCanAny(actor, ['music.update', 'tracks.update'])) return;
  throw new AppError('not_found');
}

export async function findTrackOr404(db: Db, id: number): Promise<TrackRow> {
  return orNotFound(await findTrack(db, id), 'Track not found.');
}

/** A track the actor may see, or 404. */
export async function findTrackVisibleTo(db: Db, actor: Actor, id: number): Promise<TrackRow> {
  const track = await findTrackOr404(db, id);
  await assertTrackVisibleTo(db, actor, track);
  return track;
}

/** The stream routes' lean view of a track the actor may play, or 404. */
export async function findStreamableTrackVisibleTo(db: Db, actor: Actor, id: number) {
  const track = orNotFound(await findStreamableTrack(db, id), 'Track not found.');
  await assertTrackVisibleTo(db, actor, track);
  return track;
}
