import type { TLoginPayload } from '@cadence/contracts/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, validationError } from '../../platform/http/app-error';
import * as accountRepository from './account.repository';
import { INVALID_CREDENTIALS_MESSAGE, SUSPENDED_MESSAGE } from './auth-messages';
import { checkPassword } from './credentials';
import { BLACKLISTED_DOMAIN_MESSAGE, isBlacklistedEmail } from './email-domain';
import { startSession } from './session-start';
import { MINUTE_MS, throttle } from './throttle';
import { startTwoFactorChallenge } from './two-factor-challenge';

export async function login(request: FastifyRequest, reply: FastifyReply, payload: TLoginPayload) {
  const { db, rateLimitStore } = request.server.deps;
  const { settings } = request.server.services;
  const email = payload.email.toLowerCase();
  await throttle(rateLimitStore, [
    { key: `login:${request.ip}:${email}`, max: 10, windowMs: MINUTE_MS },
    { key: `login:${request.ip}`, max: 60, windowMs: MINUTE_MS },
  ]);
  if (isBlacklistedEmail(email, await settings.get('auth.domain_blacklist'))) {
    throw validationError({ email: BLACKLISTED_DOMAIN_MESSAGE });
  }
  const user = await accountRepository.findByEmail(db, email);
  const isValid = await checkPassword(user?.password, payload.password);
  if (!user || !isValid) throw validationError({ email: INVALID_CREDENTIALS_MESSAGE });
  if (user.banned_at) throw new AppError('forbidden', SUSPENDED_MESSAGE);

  if (user.two_factor_confirmed_at && user.two_factor_secret) {
    await startTwoFactorChallenge(request, reply, user.id, payload.remember);
    return { two_factor: true as const };
  }
  return { bootstrapData: await startSession(request, reply, user, { remember: payload.remember }) };
}
