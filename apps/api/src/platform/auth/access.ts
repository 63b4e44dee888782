import { getRestrictionValue, hasPermissionNamed, type TPermissionSubject } from '@cadence/permissions/can';
import type { PermissionName } from '@cadence/permissions/catalogue';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';

/** Who asks: the signed-in user, or a guest governed by the guest role (spec 6). */
export async function subjectOf(request: FastifyRequest): Promise<TPermissionSubject> {
  if (request.user) return { user: request.user, guestRole: null };
  return { user: null, guestRole: await request.guestRole() };
}

export async function canAny(request: FastifyRequest, permissions: readonly string[]): Promise<boolean> {
  const subject = await subjectOf(request);
  return permissions.some((permission) => hasPermissionNamed(subject, permission));
}

/** 401 for guests, 403 for signed-in users without any of the permissions. */
export async function assertAny(request: FastifyRequest, permissions: readonly string[]): Promise<void> {
  if (await canAny(request, permissions)) return;
  throw new AppError(request.user ? 'forbidden' : 'unauthenticated');
}

/** Route guard that accepts any one of several permissions. */
export function requireAny(...permissions: string[]) {
  return async function checkAny(request: FastifyRequest): Promise<void> {
    await assertAny(request, permissions);
  };
}

/**
 * Route hook for what only a signed-in browser may do (mint tokens, change the password): a
 * bearer token answers 403 with `message`, so a leaked token cannot outlive a password change.
 * Guests are refused earlier by the route's access.
 */
export function requireCookieSession(message: string) {
  return async function checkCookieSession(request: FastifyRequest): Promise<void> {
    if (request.authVia !== 'session') throw new AppError('forbidden', message);
  };
}

export function requireUser(request: FastifyRequest): NonNullable<FastifyRequest['user']> {
  if (!request.user) throw new AppError('unauthenticated');
  return request.user;
}

export async function restrictionOf(
  request: FastifyRequest,
  permission: PermissionName,
  restriction: string,
): Promise<number | null> {
  return getRestrictionValue(await subjectOf(request), permission, restriction);
}
