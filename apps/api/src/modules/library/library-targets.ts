import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/actor';
import { AppError } from '../../platform/http/app-error';
import { albumExists } from '../albums/albums.repository';
import { artistExists } from '../artists/artists.repository';
import { createPlaylistsService } from '../playlists/playlists.service';
import { assertTrackVisibleTo } from '../tracks/track-access';
import { findTracks } from '../tracks/tracks.repository';
import { userExists } from '../users/user-refs.repository';
import type { TFollowableType, TLikeableType } from './library.tables';

const notFound = () => new AppError('not_found', 'Not found.');

/**
 * Route guard before liking, reposting or following: the target must exist and be visible to
 * the requester, so liking someone else's private track is the same 404 as a missing one.
 */
export async function assertCanSeeTarget(
  request: FastifyRequest,
  type: TLikeableType | TFollowableType,
  id: number,
): Promise<void> {
  const { db } = request.server.deps;
  switch (type) {
    case 'track':
      return assertCanSeeTracks(request, [id]);
    case 'album':
      if (!(await albumExists(db, id))) throw notFound();
      return;
    case 'artist':
      if (!(await artistExists(db, id))) throw notFound();
      return;
    case 'user':
      if (!(await userExists(db, id))) throw notFound();
      return;
    case 'playlist':
      await createPlaylistsService(db).show(actorOf(request), id, {});
      return;
  }
}

/** Every track must exist and be visible: one missing or hidden track is a 404 for the batch. */
export async function assertCanSeeTracks(request: FastifyRequest, ids: number[]): Promise<void> {
  const { db } = request.server.deps;
  const unique = [...new Set(ids)];
  const tracks = await findTracks(db, unique);
  if (tracks.length !== unique.length) throw notFound();
  const actor = actorOf(request);
  for (const track of tracks) await assertTrackVisibleTo(db, actor, track);
}
