import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/access';
import type { AuthUser } from '../../platform/auth/auth-user';

/** The signed-in user (401 for guests): the same rule as the platform's `requireUser`. */
export function currentUser(request: FastifyRequest): AuthUser {
  return requireUser(request);
}
