import type { TRegisterPayload } from '@cadence/contracts/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashPassword } from '../../platform/auth/password';
import { AppError, validationError } from '../../platform/http/app-error';
import * as accountRepository from './account.repository';
import {
  EMAIL_TAKEN_MESSAGE,
  PASSWORD_MISMATCH_MESSAGE,
  RECAPTCHA_FAILED_MESSAGE,
  REGISTRATION_DISABLED_MESSAGE,
} from './auth-messages';
import { BLACKLISTED_DOMAIN_MESSAGE, isBlacklistedEmail } from './email-domain';
import { sendVerificationCode } from './email-verification';
import { consumeRecaptchaPass, verifyRecaptchaToken } from './recaptcha';
import { startSession } from './session-start';
import { MINUTE_MS, throttle } from './throttle';

/** The workspace invitation the sign-up came with (`invite_type` workspace or none). */
function workspaceInviteOf(payload: TRegisterPayload): string | null {
  if (payload.invite_id === undefined) return null;
  if (payload.invite_type !== undefined && payload.invite_type !== 'workspace') return null;
  return String(payload.invite_id);
}

/** Spec 2.4/4: `registration.disable` has one exception, a valid invitation for this email. */
async function isValidInvite(request: FastifyRequest, payload: TRegisterPayload): Promise<boolean> {
  const inviteId = workspaceInviteOf(payload);
  if (inviteId === null) return false;
  return request.server.services.workspaceInvites.isValidFor(inviteId, payload.email);
}

async function passesRecaptcha(request: FastifyRequest, token: string | undefined) {
  const { settings } = request.server.services;
  if (!(await settings.get('recaptcha.enable.register'))) return true;
  if (!(await settings.get('recaptcha.secret_key'))) return true;
  if (await consumeRecaptchaPass(request)) return true;
  return token ? verifyRecaptchaToken(request, token) : false;
}

export async function register(request: FastifyRequest, reply: FastifyReply, payload: TRegisterPayload) {
  const { db, rateLimitStore } = request.server.deps;
  const { settings } = request.server.services;
  await throttle(rateLimitStore, [{ key: `register:${request.ip}`, max: 10, windowMs: MINUTE_MS }]);

  if ((await settings.get('registration.disable')) && !(await isValidInvite(request, payload))) {
    throw new AppError('forbidden', REGISTRATION_DISABLED_MESSAGE);
  }
  if (!(await passesRecaptcha(request, payload.recaptcha_token))) {
    throw validationError({ recaptcha: RECAPTCHA_FAILED_MESSAGE });
  }

  const errors: Record<string, string> = {};
  if (isBlacklistedEmail(payload.email, await settings.get('auth.domain_blacklist'))) {
    errors.email = BLACKLISTED_DOMAIN_MESSAGE;
  }
  if (payload.password !== payload.password_confirmation) errors.password = PASSWORD_MISMATCH_MESSAGE;
  for (const policy of await settings.get('registration.policies')) {
    if (payload[policy.id] !== true) errors[policy.id] = `The ${policy.label} must be accepted.`;
  }
  if (!errors.email && (await accountRepository.findByEmail(db, payload.email)))
    errors.email = EMAIL_TAKEN_MESSAGE;
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const needsVerification = Boolean(await settings.get('require_email_confirmation'));
  let user: Awaited<ReturnType<typeof accountRepository.createWithDefaultRoles>>;
  try {
    user = await accountRepository.createWithDefaultRoles(db, {
      email: payload.email,
      password: await hashPassword(payload.password),
      email_verified_at: needsVerification ? null : new Date(),
    });
  } catch (error) {
    // Two sign-ups racing on one email: the unique index decides.
    if ((error as { code?: string }).code === '23505') throw validationError({ email: EMAIL_TAKEN_MESSAGE });
    throw error;
  }
  const inviteId = workspaceInviteOf(payload);
  const workspace = inviteId
    ? await request.server.services.workspaceInvites.joinOnRegistration(user, inviteId, request.ip)
    : null;
  if (needsVerification) void sendVerificationCode(request, user).catch(() => undefined);
  const bootstrapData = await startSession(request, reply, user, { remember: false });
  return {
    status: needsVerification ? ('needs_email_verification' as const) : ('success' as const),
    bootstrapData,
    ...(workspace ? { workspace } : {}),
  };
}
