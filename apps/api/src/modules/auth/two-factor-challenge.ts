import { randomBytes } from 'node:crypto';
import type { TTwoFactorChallengePayload } from '@cadence/contracts/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, validationError } from '../../platform/http/app-error';
import { consumeRecoveryCode, matchTotpStep } from '../two-factor/totp';
import * as twoFactorRepository from '../two-factor/two-factor.repository';
import { openSecret, recoveryHashes } from '../two-factor/two-factor-secret';
import * as accountRepository from './account.repository';
import { SUSPENDED_MESSAGE } from './auth-messages';
import { isSecureRequest, startSession } from './session-start';
import { MINUTE_MS, throttle } from './throttle';

export const CHALLENGE_COOKIE = 'cadence_2fa';
const CHALLENGE_TTL_SECONDS = 600;
const MAX_ATTEMPTS = 5;
export const INVALID_TWO_FACTOR_CODE_MESSAGE = 'The provided two factor authentication code was invalid.';
export const INVALID_RECOVERY_CODE_MESSAGE = 'The provided two factor recovery code was invalid.';
const EXPIRED_MESSAGE = 'Your login attempt has expired. Please log in again.';

type PendingLogin = { userId: number; remember: boolean; attempts: number };
const cacheKey = (id: string) => `auth:two-factor-login:${id}`;

/** The password step passed: remember who is logging in, server-side, behind a signed cookie. */
export async function startTwoFactorChallenge(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  remember: boolean,
) {
  const id = randomBytes(24).toString('base64url');
  await request.server.deps.cache.set(cacheKey(id), { userId, remember, attempts: 0 }, CHALLENGE_TTL_SECONDS);
  reply.setCookie(CHALLENGE_COOKIE, id, {
    path: '/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(request),
    signed: true,
    maxAge: CHALLENGE_TTL_SECONDS,
  });
}

function pendingId(request: FastifyRequest): string | null {
  const raw = request.cookies[CHALLENGE_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

export async function completeTwoFactorChallenge(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: TTwoFactorChallengePayload,
) {
  const { db, cache, rateLimitStore, appKey } = request.server.deps;
  await throttle(rateLimitStore, [{ key: `two-factor:${request.ip}`, max: 10, windowMs: MINUTE_MS }]);
  const id = pendingId(request);
  const pending = id ? await cache.get<PendingLogin>(cacheKey(id)) : undefined;
  if (!id || !pending) throw validationError({ code: EXPIRED_MESSAGE });
  const user = await accountRepository.findById(db, pending.userId);
  const secret = user ? openSecret(user, appKey) : null;
  if (!user || !secret || !user.two_factor_confirmed_at) throw validationError({ code: EXPIRED_MESSAGE });
  if (user.banned_at) throw new AppError('forbidden', SUSPENDED_MESSAGE);

  const isAccepted = payload.recovery_code
    ? await useRecoveryCode(request, user.id, user.two_factor_recovery_codes, payload.recovery_code)
    : await useTotpCode(request, user.id, secret, payload.code ?? '');
  if (!isAccepted) {
    const attempts = pending.attempts + 1;
    // Too many wrong codes end the pending login: the password step must be passed again.
    if (attempts >= MAX_ATTEMPTS) await cache.delete(cacheKey(id));
    else await cache.set(cacheKey(id), { ...pending, attempts }, CHALLENGE_TTL_SECONDS);
    throw payload.recovery_code
      ? validationError({ recovery_code: INVALID_RECOVERY_CODE_MESSAGE })
      : validationError({ code: INVALID_TWO_FACTOR_CODE_MESSAGE });
  }
  await cache.delete(cacheKey(id));
  reply.clearCookie(CHALLENGE_COOKIE, { path: '/auth' });
  return { bootstrapData: await startSession(request, reply, user, { remember: pending.remember }) };
}

async function useTotpCode(request: FastifyRequest, userId: number, secret: string, code: string) {
  const step = matchTotpStep(secret, code);
  if (step === null) return false;
  return twoFactorRepository.claimStep(request.server.deps.db, userId, step);
}

async function useRecoveryCode(request: FastifyRequest, userId: number, stored: string | null, code: string) {
  if (!stored) return false;
  const remaining = consumeRecoveryCode(recoveryHashes({ two_factor_recovery_codes: stored }), code);
  if (!remaining) return false;
  return twoFactorRepository.replaceRecoveryCodes(request.server.deps.db, userId, stored, remaining);
}
