import {
  PASSWORD_CONFIRMATION_REQUIRED_MESSAGE,
  PASSWORD_CONFIRMATION_SECONDS,
} from '@cadence/contracts/account';
import type { FastifyRequest } from 'fastify';
import { hashToken } from '../../platform/auth/tokens';
import { currentUser } from './require-user';

/** Laravel's status for "confirm your password first"; the client opens the confirm dialog. */
export class PasswordConfirmationRequiredError extends Error {
  readonly statusCode = 423;
  constructor() {
    super(PASSWORD_CONFIRMATION_REQUIRED_MESSAGE);
    this.name = 'PasswordConfirmationRequiredError';
  }
}

function bearerSecret(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const value = header.slice(7).trim();
  return value.includes('|') ? value.slice(value.indexOf('|') + 1) : value;
}

/** The confirmation is kept on the credential in use: the session, or the access token. */
function credentialQuery(request: FastifyRequest) {
  const { db } = request.server.deps;
  if (request.authVia === 'session' && request.sessionId) {
    return { table: 'sessions' as const, where: request.sessionId, db };
  }
  const secret = bearerSecret(request);
  if (request.authVia === 'token' && secret) {
    return { table: 'personal_access_tokens' as const, where: hashToken(secret), db };
  }
  return null;
}

export async function confirmedAt(request: FastifyRequest): Promise<Date | null> {
  const credential = credentialQuery(request);
  if (!credential) return null;
  if (credential.table === 'sessions') {
    const row = await credential.db
      .selectFrom('sessions')
      .select('password_confirmed_at')
      .where('id', '=', credential.where)
      .executeTakeFirst();
    return row?.password_confirmed_at ?? null;
  }
  const row = await credential.db
    .selectFrom('personal_access_tokens')
    .select('password_confirmed_at')
    .where('token_hash', '=', credential.where)
    .executeTakeFirst();
  return row?.password_confirmed_at ?? null;
}

/** Accounts without a password (social sign-up) have nothing to confirm. */
export async function isPasswordConfirmed(request: FastifyRequest, seconds = PASSWORD_CONFIRMATION_SECONDS) {
  const user = currentUser(request);
  if (!user.password) return true;
  const at = await confirmedAt(request);
  return at !== null && Date.now() - at.getTime() <= seconds * 1000;
}

export async function markPasswordConfirmed(request: FastifyRequest): Promise<void> {
  const credential = credentialQuery(request);
  if (!credential) return;
  const now = new Date();
  if (credential.table === 'sessions') {
    await credential.db
      .updateTable('sessions')
      .set({ password_confirmed_at: now })
      .where('id', '=', credential.where)
      .execute();
    return;
  }
  await credential.db
    .updateTable('personal_access_tokens')
    .set({ password_confirmed_at: now })
    .where('token_hash', '=', credential.where)
    .execute();
}

/** Route guard: spec 6 "need a recent password confirmation (within 9000 seconds)". */
export async function requirePasswordConfirmation(request: FastifyRequest): Promise<void> {
  if (!(await isPasswordConfirmed(request))) throw new PasswordConfirmationRequiredError();
}
