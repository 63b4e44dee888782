import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../platform/db/schema';
import { validationError } from '../../platform/http/app-error';
import { verificationCodeMail } from '../mail/verification-code.mail';
import * as accountRepository from './account.repository';
import { INVALID_EMAIL_CODE_MESSAGE } from './auth-messages';
import { isSameHash, keyedHash } from './hmac';
import { MINUTE_MS, throttle } from './throttle';
import {
  consumeVerificationCode,
  countFailedAttempt,
  findVerificationCode,
  saveVerificationCode,
} from './verification-codes.repository';

/** Design "notifications": the code is valid 30 minutes; a few wrong guesses burn it. */
const CODE_TTL_MS = 30 * MINUTE_MS;
const MAX_ATTEMPTS = 5;

export function generateEmailCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Issues a fresh code (replacing any earlier one) and mails it; resolves once the mail is handed over. */
export async function sendVerificationCode(request: FastifyRequest, user: Pick<UserRow, 'id' | 'email'>) {
  const { db, appKey } = request.server.deps;
  const code = generateEmailCode();
  await saveVerificationCode(db, {
    user_id: user.id,
    code_hash: keyedHash(appKey, `email-code:${user.id}`, code),
    expires_at: new Date(Date.now() + CODE_TTL_MS),
  });
  const siteName = String(await request.server.services.settings.get('branding.site_name'));
  await request.server.mailer.send(verificationCodeMail(user.email, code, siteName));
}

/** `POST resend-email-verification`: the signed-in user's address, else an unverified account's (same answer either way). */
export async function resendVerification(request: FastifyRequest, email: string | undefined) {
  const { db, rateLimitStore } = request.server.deps;
  const target = request.user ?? (email ? await accountRepository.findByEmail(db, email) : undefined);
  await throttle(rateLimitStore, [
    { key: `email-code:send:${request.ip}`, max: 10, windowMs: MINUTE_MS },
    { key: `email-code:send:user:${target?.id ?? email ?? ''}`, max: 3, windowMs: MINUTE_MS },
  ]);
  if (!target || target.email_verified_at) return;
  await sendVerificationCode(request, target);
}

export async function validateVerificationCode(request: FastifyRequest, userId: number, code: string) {
  const { db, appKey, rateLimitStore } = request.server.deps;
  await throttle(rateLimitStore, [{ key: `email-code:check:${request.ip}`, max: 20, windowMs: MINUTE_MS }]);
  const row = await findVerificationCode(db, userId);
  if (!row || row.expires_at.getTime() <= Date.now() || row.attempts >= MAX_ATTEMPTS) {
    throw validationError({ code: INVALID_EMAIL_CODE_MESSAGE });
  }
  if (!isSameHash(row.code_hash, keyedHash(appKey, `email-code:${userId}`, code))) {
    await countFailedAttempt(db, userId);
    throw validationError({ code: INVALID_EMAIL_CODE_MESSAGE });
  }
  // Deleting first makes the code single-use even under concurrent submissions.
  if (!(await consumeVerificationCode(db, userId, row.code_hash)))
    throw validationError({ code: INVALID_EMAIL_CODE_MESSAGE });
  await accountRepository.markEmailVerified(db, userId);
}
