import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../platform/auth/auth-user';
import { AppError } from '../../platform/http/app-error';

/** Route guard for "login required" (401 for guests). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError('unauthenticated');
}

export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthenticated');
  return request.user;
}
