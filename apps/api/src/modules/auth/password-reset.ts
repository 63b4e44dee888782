import { PASSWORD_RESET_MESSAGE, type TResetPasswordPayload } from '@cadence/contracts/auth';
import type { FastifyRequest } from 'fastify';
import { announceEndedAccess, deleteAccess } from '../../platform/auth/end-access';
import { hashPassword } from '../../platform/auth/password';
import { generateToken, hashToken } from '../../platform/auth/tokens';
import { validationError } from '../../platform/http/app-error';
import { passwordResetMail } from '../mail/password-reset.mail';
import * as accountRepository from './account.repository';
import { INVALID_RESET_TOKEN_MESSAGE, PASSWORD_MISMATCH_MESSAGE } from './auth-messages';
import { isSameHash } from './hmac';
import { consumeResetToken, findResetToken, saveResetToken } from './password-resets.repository';
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
  await saveResetToken(db, {
    user_id: user.id,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + RESET_TTL_MS),
  });
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
  const row = user ? await findResetToken(db, user.id) : undefined;
  const isValid =
    user &&
    row &&
    row.expires_at.getTime() > Date.now() &&
    isSameHash(row.token_hash, hashToken(payload.token));
  if (!user || !row || !isValid) throw validationError({ email: INVALID_RESET_TOKEN_MESSAGE });

  const passwordHash = await hashPassword(payload.password);
  const ended = await db.transaction().execute(async (trx) => {
    if (!(await consumeResetToken(trx, user.id, row.token_hash)))
      throw validationError({ email: INVALID_RESET_TOKEN_MESSAGE });
    await accountRepository.resetPassword(trx, user.id, passwordHash);
    // A reset usually follows a compromise: every signed-in device, socket and API token ends.
    return deleteAccess(trx, user.id, { keepSessionId: null, tokens: true });
  });
  const { cache } = request.server.deps;
  await announceEndedAccess({ cache, realtime: request.server.services.realtime }, user.id, ended);
  return { message: PASSWORD_RESET_MESSAGE };
}
