import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/access';
import { can } from '../../platform/auth/can';
import type { UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import * as accountRepository from '../auth/account.repository';

/**
 * Resolves `users/{id}` (`me` = the current user) and checks ownership: one's own account, or
 * the given permission for anyone else's. 404 hides whether another id exists.
 */
export async function targetUser(
  request: FastifyRequest,
  id: number | 'me',
  permission: 'users.view' | 'users.update' | 'users.delete',
): Promise<{ user: UserRow; isSelf: boolean }> {
  const actor = requireUser(request);
  const targetId = id === 'me' ? actor.id : id;
  const isSelf = targetId === actor.id;
  if (!isSelf && !can(actor, null, permission))
    throw new AppError(request.user ? 'forbidden' : 'unauthenticated');
  const user = isSelf ? actor : await accountRepository.findById(request.server.deps.db, targetId);
  if (!user) throw new AppError('not_found');
  return { user, isSelf };
}
