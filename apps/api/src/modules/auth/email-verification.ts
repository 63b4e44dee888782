import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../platform/db/schema';
import { validationError } from '../../platform/http/app-error';
import { verificationCodeMail } from '../mail/verification-code.mail';
import { accountRepository } from './auth.repository';
import { INVALID_EMAIL_CODE_MESSAGE } from './auth-messages';
import { isSameHash, keyedHash } from './hmac';
import { MINUTE_MS, throttle } from './throttle';

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
  const values = {
    user_id: user.id,
    code_hash: keyedHash(appKey, `email-code:${user.id}`, code),
    attempts: 0,
    expires_at: new Date(Date.now() + CODE_TTL_MS),
    created_at: new Date(),
  };
  await db
    .insertInto('email_verification_codes')
    .values(values)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
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
  const row = await db
    .selectFrom('email_verification_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row || row.expires_at.getTime() <= Date.now() || row.attempts >= MAX_ATTEMPTS) {
    throw validationError({ code: INVALID_EMAIL_CODE_MESSAGE });
  }
  if (!isSameHash(row.code_hash, keyedHash(appKey, `email-code:${userId}`, code))) {
    await db
      .updateTable('email_verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('user_id', '=', userId)
      .execute();
    throw validationError({ code: INVALID_EMAIL_CODE_MESSAGE });
  }
  // Deleting first makes the code single-use even under concurrent submissions.
  const deleted = await db
    .deleteFrom('email_verification_codes')
    .where('user_id', '=', userId)
    .where('code_hash', '=', row.code_hash)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw validationError({ code: INVALID_EMAIL_CODE_MESSAGE });
  await db
    .updateTable('users')
    .set({ email_verified_at: new Date(), updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}
