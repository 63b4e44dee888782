import { PASSWORD_RESET_MESSAGE, type TResetPasswordPayload } from '@cadence/contracts/auth';
import type { FastifyRequest } from 'fastify';
import { hashPassword } from '../../platform/auth/password';
import { markSessionsRevoked } from '../../platform/auth/session-cache';
import { generateToken, hashToken } from '../../platform/auth/tokens';
import { validationError } from '../../platform/http/app-error';
import { passwordResetMail } from '../mail/password-reset.mail';
import { accountRepository } from './auth.repository';
import { INVALID_RESET_TOKEN_MESSAGE, PASSWORD_MISMATCH_MESSAGE } from './auth-messages';
import { isSameHash } from './hmac';
import { MINUTE_MS, throttle } from './throttle';

const RESET_TTL_MS = 60 * MINUTE_MS;

/** Known and unknown addresses get the same answer and the mail leaves in the background. */
export async function sendResetLink(request: FastifyRequest, email: string) {
  const { db, rateLimitStore, env } = request.server.deps;
  await throttle(rateLimitStore, [
    { key: `forgot:${request.ip}:${email.toLowerCase()}`, max: 5, windowMs: MINUTE_MS },
    { key: `forgot:${request.ip}`, max: 20, windowMs: MINUTE_MS },
  ]);
  const user = await accountRepository.findByEmail(db, email);
  if (!user) return;
  const token = generateToken();
  const values = {
    user_id: user.id,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + RESET_TTL_MS),
    created_at: new Date(),
  };
  await db
    .insertInto('password_resets')
    .values(values)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  // The reset page is the player's, wherever it is deployed.
  const link = `${env.PLAYER_URL}/password/reset/${token}?email=${encodeURIComponent(user.email)}`;
  const siteName = String(await request.server.services.settings.get('branding.site_name'));
  void request.server.mailer.dispatch(passwordResetMail(user.email, link, siteName));
}

export async function resetPassword(request: FastifyRequest, payload: TResetPasswordPayload) {
  const { db, rateLimitStore } = request.server.deps;
  await throttle(rateLimitStore, [{ key: `reset:${request.ip}`, max: 10, windowMs: MINUTE_MS }]);
  if (payload.password !== payload.password_confirmation)
    throw validationError({ password: PASSWORD_MISMATCH_MESSAGE });
  const user = await accountRepository.findByEmail(db, payload.email);
  const row = user
    ? await db.selectFrom('password_resets').selectAll().where('user_id', '=', user.id).executeTakeFirst()
    : undefined;
  const isValid =
    user &&
    row &&
    row.expires_at.getTime() > Date.now() &&
    isSameHash(row.token_hash, hashToken(payload.token));
  if (!user || !row || !isValid) throw validationError({ email: INVALID_RESET_TOKEN_MESSAGE });

  const passwordHash = await hashPassword(payload.password);
  const revoked = await db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('password_resets')
      .where('user_id', '=', user.id)
      .where('token_hash', '=', row.token_hash)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw validationError({ email: INVALID_RESET_TOKEN_MESSAGE });
    await trx
      .updateTable('users')
      .set((eb) => ({
        password: passwordHash,
        // The reset link proved the mailbox is theirs.
        email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(new Date())),
        updated_at: new Date(),
      }))
      .where('id', '=', user.id)
      .execute();
    // A reset usually follows a compromise: every signed-in device is logged out.
    return trx.deleteFrom('sessions').where('user_id', '=', user.id).returning('id').execute();
  });
  await markSessionsRevoked(
    request.server.deps.cache,
    revoked.map((session) => session.id),
  );
  return { message: PASSWORD_RESET_MESSAGE };
}
