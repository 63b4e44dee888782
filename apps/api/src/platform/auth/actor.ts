import { getRestrictionValue, hasPermissionNamed, type TPermissionSubject } from '@cadence/permissions/can';
import type { PermissionName } from '@cadence/permissions/catalogue';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import { subjectOf } from './access';
import type { AuthUser } from './auth-user';

/**
 * Who performs a use case, taken from the request by the route so that services take plain
 * values: the signed-in user (null for a guest), the workspace the apps act in (null outside
 * one) and the permissions that apply. `subject` is read on first use, as before: a guest's
 * role is only looked up when a rule asks.
 */
export type Actor = {
  user: AuthUser | null;
  workspaceId: number | null;
  subject: () => Promise<TPermissionSubject>;
};

export function actorOf(request: FastifyRequest): Actor {
  let subject: Promise<TPermissionSubject> | undefined;
  return {
    user: request.user ?? null,
    workspaceId: request.workspaceId || null,
    subject: () => {
      subject ??= subjectOf(request);
      return subject;
    },
  };
}

export async function actorCanAny(actor: Actor, permissions: readonly string[]): Promise<boolean> {
  const subject = await actor.subject();
  return permissions.some((permission) => hasPermissionNamed(subject, permission));
}

/** 401 for guests, 403 for signed-in users without any of the permissions. */
export async function assertActorCanAny(actor: Actor, permissions: readonly string[]): Promise<void> {
  if (await actorCanAny(actor, permissions)) return;
  throw new AppError(actor.user ? 'forbidden' : 'unauthenticated');
}

/** The signed-in user, or 401. */
export function actorUser(actor: Actor): AuthUser {
  if (!actor.user) throw new AppError('unauthenticated');
  return actor.user;
}

export async function actorRestriction(
  actor: Actor,
  permission: PermissionName,
  restriction: string,
): Promise<number | null> {
  return getRestrictionValue(await actor.subject(), permission, restriction);
}
