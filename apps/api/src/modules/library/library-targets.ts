import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/actor';
import type { TFollowableType, TLikeableType } from './library.tables';
import { assertCanSeeEntity, assertCanSeeTracks as assertTracksVisible } from './visible-entity';

/**
 * Route guard before liking, reposting or following: the target must exist and be visible to
 * the requester, so liking someone else's private track is the same 404 as a missing one.
 */
export function assertCanSeeTarget(
  request: FastifyRequest,
  type: TLikeableType | TFollowableType,
  id: number,
): Promise<void> {
  return assertCanSeeEntity(request.server.deps.db, actorOf(request), type, id);
}

/** Every track must exist and be visible: one missing or hidden track is a 404 for the batch. */
export function assertCanSeeTracks(request: FastifyRequest, ids: number[]): Promise<void> {
  return assertTracksVisible(request.server.deps.db, actorOf(request), ids);
}
