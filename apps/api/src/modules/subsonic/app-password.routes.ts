import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  ZSubsonicAccountResponseSchema,
  ZSubsonicPasswordResponseSchema,
  ZSubsonicSettingsPayloadSchema,
} from '@cadence/contracts/subsonic';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCookieSession, requireUser } from '../../platform/auth/access';
import { createAppPasswordService } from './app-password.service';

const errors = { 401: ZErrorEnvelopeSchema, 403: ZErrorEnvelopeSchema, 422: ZErrorEnvelopeSchema };
const tags = ['subsonic'];
const COOKIE_ONLY = 'App passwords are made and revoked in account settings, not with an access token.';

/** Account settings' "Subsonic apps" section: connection details, the switch, the app password. */
export const appPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  const passwords = createAppPasswordService({
    db: app.deps.db,
    appKey: app.deps.appKey,
    appUrl: app.deps.env.APP_URL,
    isAvailable: async () => Boolean(await app.services.settings.get('subsonic.enable')),
  });

  app.get(
    '/api/v1/account/subsonic',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Subsonic connection details and state (never the app password)',
        response: { 200: ZSubsonicAccountResponseSchema, ...errors },
      },
    },
    async (request) => ({ subsonic: await passwords.account(requireUser(request)) }),
  );

  app.put(
    '/api/v1/account/subsonic',
    {
      config: { access: 'user' },
      onRequest: requireCookieSession(COOKIE_ONLY),
      schema: {
        tags,
        summary: 'Turn Subsonic apps on or off for your account',
        body: ZSubsonicSettingsPayloadSchema,
        response: { 200: ZSubsonicAccountResponseSchema, ...errors },
      },
    },
    async (request) => passwords.setEnabled(requireUser(request), request.body.is_enabled),
  );

  app.post(
    '/api/v1/account/subsonic/password',
    {
      config: { access: 'user' },
      onRequest: requireCookieSession(COOKIE_ONLY),
      schema: {
        tags,
        summary: 'Make a new app password (shown once; the previous one stops working)',
        response: { 200: ZSubsonicPasswordResponseSchema, ...errors },
      },
    },
    async (request) => passwords.regenerate(requireUser(request)),
  );

  app.delete(
    '/api/v1/account/subsonic/password',
    {
      config: { access: 'user' },
      onRequest: requireCookieSession(COOKIE_ONLY),
      schema: {
        tags,
        summary: 'Revoke the app password: apps signed in with it stop at once',
        response: { 200: ZSubsonicAccountResponseSchema, ...errors },
      },
    },
    async (request) => passwords.revoke(requireUser(request)),
  );
};
