import { randomBytes } from 'node:crypto';
import type { TSocialAuthMessage, TSocialService } from '@cadence/contracts/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as accountRepository from '../auth/account.repository';
import { REGISTRATION_DISABLED_MESSAGE, SUSPENDED_MESSAGE } from '../auth/auth-messages';
import { BLACKLISTED_DOMAIN_MESSAGE, isBlacklistedEmail } from '../auth/email-domain';
import { startSession } from '../auth/session-start';
import { bootstrapDataFor } from '../bootstrap/bootstrap.routes';
import * as socialRepository from './social.repository';
import type { SocialProfile } from './social-providers';
import { PENDING_COOKIE, type SocialIntent, writeSignedCookie } from './social-state';

export type PendingConnection = { userId: number; service: TSocialService; profile: SocialProfile };
export const pendingKey = (id: string) => `social:pending:${id}`;
const PENDING_TTL_SECONDS = 600;
export const TWO_FACTOR_SOCIAL_MESSAGE =
  'Two factor authentication is enabled for this account. Please log in with your email and password.';

export const serviceLabel = (service: TSocialService) => service.charAt(0).toUpperCase() + service.slice(1);
export const ALREADY_CONNECTED_MESSAGE = (service: TSocialService) =>
  `This ${serviceLabel(service)} account is already connected to another user.`;

type Result = TSocialAuthMessage;
const error = (errorMessage: string): Result => ({
  type: 'social-auth',
  status: 'ERROR',
  callbackData: { errorMessage },
});

async function success(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<Result> {
  const { db } = request.server.deps;
  const user = await accountRepository.findById(db, userId);
  if (!user) return error('An error occurred. Please try again later');
  if (user.banned_at) return error(SUSPENDED_MESSAGE);
  // The popup protocol has no challenge step: a provider must not become a way around two factor.
  if (user.two_factor_confirmed_at) return error(TWO_FACTOR_SOCIAL_MESSAGE);
  const bootstrapData = await startSession(request, reply, user, { remember: true });
  return { type: 'social-auth', status: 'SUCCESS', callbackData: { bootstrapData } };
}

/** The provider vouched for `profile`: connect it to the signed-in user, or log in / sign up with it. */
export async function finishSocialAuth(
  request: FastifyRequest,
  reply: FastifyReply,
  service: TSocialService,
  intent: SocialIntent,
  profile: SocialProfile,
): Promise<Result> {
  const { db, cache } = request.server.deps;
  const { settings } = request.server.services;
  const existingProfile = await socialRepository.findProfile(db, service, profile.id);
  const username = profile.username ?? profile.name ?? profile.email;

  if (intent === 'connect') {
    const user = request.user;
    if (!user) return error('Please log in first.');
    if (existingProfile && existingProfile.user_id !== user.id)
      return error(ALREADY_CONNECTED_MESSAGE(service));
    await socialRepository.connect(db, user.id, service, profile.id, username);
    return {
      type: 'social-auth',
      status: 'SUCCESS',
      callbackData: { bootstrapData: await bootstrapDataFor(request, reply) },
    };
  }

  if (existingProfile) return success(request, reply, existingProfile.user_id);
  if (await settings.get('social.require_account')) {
    return error(
      `No account is connected to this ${serviceLabel(service)} profile. Log in with your email and connect it from account settings.`,
    );
  }
  if (!profile.email) return error(`Could not get your email address from ${serviceLabel(service)}.`);

  const existingUser = await accountRepository.findByEmail(db, profile.email);
  if (existingUser?.password) {
    // Same email, but a password account: its owner must prove it before the profile is attached.
    const id = randomBytes(24).toString('base64url');
    const pending: PendingConnection = { userId: existingUser.id, service, profile };
    await cache.set(pendingKey(id), pending, PENDING_TTL_SECONDS);
    writeSignedCookie(request, reply, PENDING_COOKIE, id);
    return { type: 'social-auth', status: 'REQUEST_PASSWORD', callbackData: {} };
  }
  if (existingUser) {
    await socialRepository.connect(db, existingUser.id, service, profile.id, username);
    return success(request, reply, existingUser.id);
  }

  if (await settings.get('registration.disable')) return error(REGISTRATION_DISABLED_MESSAGE);
  if (isBlacklistedEmail(profile.email, await settings.get('auth.domain_blacklist')))
    return error(BLACKLISTED_DOMAIN_MESSAGE);
  const created = await accountRepository.createWithDefaultRoles(db, {
    email: profile.email,
    password: null,
    name: profile.name ?? '',
    email_verified_at: profile.isEmailVerified ? new Date() : null,
  });
  await socialRepository.connect(db, created.id, service, profile.id, username);
  return success(request, reply, created.id);
}
