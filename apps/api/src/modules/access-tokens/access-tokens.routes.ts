import {
  ZAccessTokenParamsSchema,
  ZCreateAccessTokenPayloadSchema,
  ZCreateAccessTokenResponseSchema,
} from '@cadence/contracts/access-tokens';
import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCookieSession, requireUser } from '../../platform/auth/access';
import { createAccessToken } from '../../platform/auth/session.service';
import { AppError } from '../../platform/http/app-error';
import { TOKEN_CANNOT_CREATE_TOKENS_MESSAGE } from '../auth/auth-messages';
import { deleteOwnToken } from './access-tokens.repository';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};
const tags = ['access-tokens'];

export const accessTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    '/api/v1/access-tokens',
    {
      config: { access: { permission: 'api.access', signedIn: true } },
      onRequest: requireCookieSession(TOKEN_CANNOT_CREATE_TOKENS_MESSAGE),
      schema: {
        tags,
        summary: 'Create a personal access token (plainTextToken shown once)',
        body: ZCreateAccessTokenPayloadSchema,
        response: { 200: ZCreateAccessTokenResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!(await app.services.settings.get('api.integrated'))) throw new AppError('forbidden');
      const created = await createAccessToken(db, user.id, request.body.tokenName);
      return {
        token: {
          id: created.id,
          name: created.name,
          last_used_at: null,
          created_at: new Date().toISOString(),
        },
        plainTextToken: created.plainTextToken,
      };
    },
  );

  app.delete(
    '/api/v1/access-tokens/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Delete one of your tokens',
        params: ZAccessTokenParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!(await deleteOwnToken(db, user.id, request.params.id))) throw new AppError('not_found');
      // A client still connected with the token hears that it ended and is disconnected.
      await app.services.realtime.endCredentials(user.id, { sessionIds: [], tokenIds: [request.params.id] });
      return { message: 'Token deleted' };
    },
  );
};
