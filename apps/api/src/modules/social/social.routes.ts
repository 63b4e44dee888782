import { ZAccountUserResponseSchema } from '@cadence/contracts/account';
import {
  type TSocialAuthMessage,
  type TSocialService,
  ZBootstrapDataResponseSchema,
  ZSocialCallbackQuerySchema,
  ZSocialConnectPayloadSchema,
  ZSocialServiceParamsSchema,
} from '@cadence/contracts/auth';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/access';
import { AppError, validationError } from '../../platform/http/app-error';
import { scriptNonce } from '../../platform/http/security-headers';
import * as accountRepository from '../auth/account.repository';
import { WRONG_PASSWORD_MESSAGE } from '../auth/auth-messages';
import { checkPassword } from '../auth/credentials';
import { startSession } from '../auth/session-start';
import { MINUTE_MS, throttle } from '../auth/throttle';
import { accountUserDto } from '../users/account-user';
import { socialPopupPage } from './popup-page';
import * as socialRepository from './social.repository';
import {
  finishSocialAuth,
  type PendingConnection,
  pendingKey,
  serviceLabel,
  TWO_FACTOR_SOCIAL_MESSAGE,
} from './social-callback';
import { loadArctic, oauthClient, providerFor } from './social-providers';
import {
  clearSocialCookie,
  isSameState,
  PENDING_COOKIE,
  readSignedCookie,
  type SocialIntent,
  type SocialState,
  STATE_COOKIE,
  writeSignedCookie,
} from './social-state';

const tags = ['social'];
const GENERIC_ERROR = 'An error occurred. Please try again later';

export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, cache, env } = app.deps;
  const { settings } = app.services;
  // The apps' origins (one in the single-process default): the popup answers the opener on its own.
  const appOriginList = [
    ...new Set(
      [env.APP_URL, env.PLAYER_URL, env.ADMIN_URL, env.BACKSTAGE_URL].map((url) => new URL(url).origin),
    ),
  ];

  function popup(reply: FastifyReply, message: TSocialAuthMessage) {
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; script-src 'unsafe-inline'")
      .type('text/html; charset=utf-8')
      .send(socialPopupPage(message, appOriginList, scriptNonce(reply)));
  }
  const popupError = (reply: FastifyReply, errorMessage: string) =>
    popup(reply, { type: 'social-auth', status: 'ERROR', callbackData: { errorMessage } });

  async function credentials(service: TSocialService) {
    const isEnabled =
      (await settings.get(`social.${service}.enable`)) &&
      (service !== 'envato' || (await settings.get('envato.enable')));
    const clientId = String(await settings.get(`${service}_id`));
    const secret = String(await settings.get(`${service}_secret`));
    if (!isEnabled || !clientId || !secret) return null;
    return { clientId, secret, redirectUri: `${env.APP_URL}/secure/auth/social/${service}/callback` };
  }

  async function redirectToProvider(
    request: FastifyRequest,
    reply: FastifyReply,
    service: TSocialService,
    intent: SocialIntent,
  ) {
    const config = await credentials(service);
    if (!config) return popupError(reply, `${serviceLabel(service)} login is not enabled.`);
    const provider = providerFor(service, env.GOOGLE_OIDC_ISSUER);
    const client = await oauthClient(config.clientId, config.secret, config.redirectUri);
    const { CodeChallengeMethod, generateCodeVerifier, generateState } = await loadArctic();
    const state = generateState();
    const verifier = generateCodeVerifier();
    let endpoints: Awaited<ReturnType<typeof provider.endpoints>>;
    try {
      endpoints = await provider.endpoints();
    } catch (error) {
      request.log.error({ err: error, service }, 'social provider discovery failed');
      return popupError(reply, GENERIC_ERROR);
    }
    const url = provider.usesPkce
      ? client.createAuthorizationURLWithPKCE(
          endpoints.authorization,
          state,
          CodeChallengeMethod.S256,
          verifier,
          provider.scopes,
        )
      : client.createAuthorizationURL(endpoints.authorization, state, provider.scopes);
    writeSignedCookie(request, reply, STATE_COOKIE, {
      state,
      verifier,
      service,
      intent,
    } satisfies SocialState);
    return reply.header('cache-control', 'no-store').redirect(url.toString());
  }

  app.get(
    '/secure/auth/social/:service/login',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Popup: start social login', params: ZSocialServiceParamsSchema },
    },
    async (request, reply) => {
      if (request.user)
        return popup(reply, { type: 'social-auth', status: 'ALREADY_LOGGED_IN', callbackData: {} });
      return redirectToProvider(request, reply, request.params.service, 'login');
    },
  );

  app.get(
    '/secure/auth/social/:service/connect',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Popup: connect a social account to the signed-in user',
        params: ZSocialServiceParamsSchema,
      },
    },
    async (request, reply) => {
      if (!request.user) return popupError(reply, 'Please log in first.');
      return redirectToProvider(request, reply, request.params.service, 'connect');
    },
  );

  app.get(
    '/secure/auth/social/:service/callback',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Popup: provider redirect target',
        params: ZSocialServiceParamsSchema,
        querystring: ZSocialCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      const { service } = request.params;
      const saved = readSignedCookie<SocialState>(request, STATE_COOKIE);
      clearSocialCookie(reply, STATE_COOKIE);
      const { code, state, error } = request.query;
      if (error) return popupError(reply, `${serviceLabel(service)} login was cancelled.`);
      if (!saved || !state || !code || saved.service !== service || !isSameState(saved.state, state)) {
        return popupError(reply, 'The login request is invalid or has expired. Please try again.');
      }
      const config = await credentials(service);
      if (!config) return popupError(reply, `${serviceLabel(service)} login is not enabled.`);
      const provider = providerFor(service, env.GOOGLE_OIDC_ISSUER);
      try {
        const client = await oauthClient(config.clientId, config.secret, config.redirectUri);
        const tokens = await client.validateAuthorizationCode(
          (await provider.endpoints()).token,
          code,
          provider.usesPkce ? saved.verifier : null,
        );
        const profile = await provider.fetchProfile(tokens.accessToken());
        return popup(reply, await finishSocialAuth(request, reply, service, saved.intent, profile));
      } catch (caught) {
        request.log.warn({ err: caught, service }, 'social login failed');
        return popupError(reply, GENERIC_ERROR);
      }
    },
  );

  app.post(
    '/secure/auth/social/connect',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "After REQUEST_PASSWORD: the existing account's password",
        body: ZSocialConnectPayloadSchema,
        response: { 200: ZBootstrapDataResponseSchema, 422: ZErrorEnvelopeSchema, 429: ZErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await throttle(app.deps.rateLimitStore, [
        { key: `social-connect:${request.ip}`, max: 10, windowMs: MINUTE_MS },
      ]);
      const id = readSignedCookie<string>(request, PENDING_COOKIE);
      const pending = id ? await cache.get<PendingConnection>(pendingKey(id)) : undefined;
      if (!id || !pending)
        throw validationError({ password: 'Your social login has expired. Please try again.' });
      const user = await accountRepository.findById(db, pending.userId);
      if (!user || !(await checkPassword(user.password, request.body.password))) {
        throw validationError({ password: WRONG_PASSWORD_MESSAGE });
      }
      if (user.banned_at) throw new AppError('forbidden', 'Your account is suspended');
      if (user.two_factor_confirmed_at) throw validationError({ password: TWO_FACTOR_SOCIAL_MESSAGE });
      await cache.delete(pendingKey(id));
      clearSocialCookie(reply, PENDING_COOKIE);
      const { profile, service } = pending;
      await socialRepository.connect(
        db,
        user.id,
        service,
        profile.id,
        profile.username ?? profile.name ?? profile.email,
      );
      return { bootstrapData: await startSession(request, reply, user, { remember: true }) };
    },
  );

  app.post(
    '/secure/auth/social/:service/disconnect',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Disconnect a social account',
        params: ZSocialServiceParamsSchema,
        response: { 200: ZAccountUserResponseSchema, 401: ZErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await socialRepository.disconnect(db, user.id, request.params.service);
      return { user: await accountUserDto(db, user, true) };
    },
  );
};
