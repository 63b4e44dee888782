import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  LOGGED_OUT_OTHER_SESSIONS_MESSAGE,
  ZLogoutOtherSessionsPayloadSchema,
  ZUserSessionsResponseSchema,
} from '@cadence/contracts/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/access';
import { endAccess } from '../../platform/auth/end-access';
import { credentialOf } from '../../platform/auth/request-credential';
import { validationError } from '../../platform/http/app-error';
import { WRONG_PASSWORD_MESSAGE } from '../auth/auth-messages';
import { checkPassword } from '../auth/credentials';
import { MINUTE_MS, throttle } from '../auth/throttle';
import { listSessions } from './sessions.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
  429: ZErrorEnvelopeSchema,
};
const tags = ['sessions'];

export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rateLimitStore } = app.deps;

  app.get(
    '/api/v1/user-sessions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Signed-in devices and API tokens',
        response: { 200: ZUserSessionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const credential = credentialOf(request);
      return {
        sessions: await listSessions(app.deps.db, requireUser(request).id, {
          sessionId: request.sessionId ?? null,
          tokenHash: credential?.kind === 'token' ? credential.tokenHash : null,
        }),
      };
    },
  );

  app.post(
    '/api/v1/user-sessions/logout-other',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Log out every other session and API token (needs the password)',
        body: ZLogoutOtherSessionsPayloadSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await throttle(rateLimitStore, [{ key: `logout-other:${user.id}`, max: 10, windowMs: MINUTE_MS }]);
      if (!(await checkPassword(user.password, request.body.password))) {
        throw validationError({ password: WRONG_PASSWORD_MESSAGE });
      }
      // The panel lists API tokens among the sessions ("API Token"), so they are "other
      // sessions" too; only the credential of this request stays, and every socket of the rest closes.
      await endAccess({ ...app.deps, realtime: app.services.realtime }, user.id, {
        keepSessionId: request.sessionId,
        tokens: true,
        keepTokenId: request.accessTokenId,
      });
      return { message: LOGGED_OUT_OTHER_SESSIONS_MESSAGE };
    },
  );
};
