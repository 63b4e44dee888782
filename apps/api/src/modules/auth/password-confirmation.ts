import {
  PASSWORD_CONFIRMATION_REQUIRED_MESSAGE,
  PASSWORD_CONFIRMATION_SECONDS,
} from '@cadence/contracts/account';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/access';
import { passwordConfirmedAt, setPasswordConfirmedAt } from '../../platform/auth/credentials.repository';
import { credentialOf } from '../../platform/auth/request-credential';

/** Laravel's status for "confirm your password first"; the client opens the confirm dialog. */
export class PasswordConfirmationRequiredError extends Error {
  readonly statusCode = 423;
  constructor() {
    super(PASSWORD_CONFIRMATION_REQUIRED_MESSAGE);
    this.name = 'PasswordConfirmationRequiredError';
  }
}

/** Only a cookie session holds a confirmation: a token's (left from before) counts for nothing. */
export async function confirmedAt(request: FastifyRequest): Promise<Date | null> {
  const credential = credentialOf(request);
  if (credential?.kind !== 'session') return null;
  return passwordConfirmedAt(request.server.deps.db, credential);
}

/**
 * Accounts without a password (social sign-up) have nothing to confirm, but a bearer token never
 * counts as confirmed: confirmed-only acts need a signed-in browser.
 */
export async function isPasswordConfirmed(request: FastifyRequest, seconds = PASSWORD_CONFIRMATION_SECONDS) {
  const user = requireUser(request);
  if (request.authVia !== 'session') return false;
  if (!user.password) return true;
  const at = await confirmedAt(request);
  return at !== null && Date.now() - at.getTime() <= seconds * 1000;
}

/** The confirmation is kept on the cookie session in use (the route refuses bearer tokens). */
export async function markPasswordConfirmed(request: FastifyRequest): Promise<void> {
  const credential = credentialOf(request);
  if (credential?.kind === 'session')
    await setPasswordConfirmedAt(request.server.deps.db, credential, new Date());
}

/** Route guard: spec 6 "need a recent password confirmation (within 9000 seconds)". */
export async function requirePasswordConfirmation(request: FastifyRequest): Promise<void> {
  if (!(await isPasswordConfirmed(request))) throw new PasswordConfirmationRequiredError();
}
