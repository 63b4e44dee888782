import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import { can } from './can';

/** Route guard: `preHandler: requirePermission('settings.view')`. Guests get 401, others 403. */
export function requirePermission(permission: string) {
  return async function checkPermission(request: FastifyRequest): Promise<void> {
    const guestRole = request.user ? null : await request.guestRole();
    if (can(request.user, guestRole, permission)) return;
    throw new AppError(request.user ? 'forbidden' : 'unauthenticated');
  };
}
