import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { canAny } from '../../platform/auth/access';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { managesCreditedItem } from '../catalogue/catalogue-access';
import { orNotFound } from '../catalogue/catalogue-utils';
import type { TrackRow } from './track-dto';

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
export async function assertCanSeeTrack(db: Db, request: FastifyRequest, track: TrackRow): Promise<void> {
  if (track.visibility !== 'private') return;
  if (request.user && (await managesTrack(db, request.user.id, track))) return;
  if (await canAny(request, ['music.update', 'tracks.update'])) return;
  throw new AppError('not_found');
}

export async function findTrackOr404(db: Db, id: number): Promise<TrackRow> {
  const track = await db.selectFrom('tracks').selectAll().where('id', '=', id).executeTakeFirst();
  return orNotFound(track, 'Track not found.');
}

/** A track the requester may see, or 404. */
export async function findVisibleTrack(db: Db, request: FastifyRequest, id: number): Promise<TrackRow> {
  const track = await findTrackOr404(db, id);
  await assertCanSeeTrack(db, request, track);
  return track;
}
