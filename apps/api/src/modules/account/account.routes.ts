import {
  ZAccountUserResponseSchema,
  ZChangeLocalePayloadSchema,
  ZChangePasswordPayloadSchema,
  ZConfirmedPasswordStatusQuerySchema,
  ZConfirmedPasswordStatusResponseSchema,
  ZConfirmPasswordPayloadSchema,
} from '@cadence/contracts/account';
import { ZBootstrapDataResponseSchema } from '@cadence/contracts/auth';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCookieSession, requireUser } from '../../platform/auth/access';
import * as authRepository from '../../platform/auth/auth.repository';
import { announceEndedAccess, deleteAccess } from '../../platform/auth/end-access';
import { hashPassword } from '../../platform/auth/password';
import { validationError } from '../../platform/http/app-error';
import * as accountRepository from '../auth/account.repository';
import {
  PASSWORD_MISMATCH_MESSAGE,
  TOKEN_CANNOT_CHANGE_PASSWORD_MESSAGE,
  TOKEN_CANNOT_CONFIRM_PASSWORD_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from '../auth/auth-messages';
import { checkPassword } from '../auth/credentials';
import { isPasswordConfirmed, markPasswordConfirmed } from '../auth/password-confirmation';
import { MINUTE_MS, throttle } from '../auth/throttle';
import { bootstrapDataFor } from '../bootstrap/bootstrap.routes';
import { accountUserDto } from '../users/account-user';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
  429: ZErrorEnvelopeSchema,
};
const tags = ['account'];

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, rateLimitStore } = app.deps;

  app.put(
    '/auth/user/password',
    {
      config: { access: 'user' },
      onRequest: requireCookieSession(TOKEN_CANNOT_CHANGE_PASSWORD_MESSAGE),
      schema: {
        tags,
        summary: 'Change the password; ends every other session (and, by default, every API token)',
        body: ZChangePasswordPayloadSchema,
        response: { 200: ZAccountUserResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await throttle(rateLimitStore, [{ key: `password:${user.id}`, max: 10, windowMs: MINUTE_MS }]);
      const { current_password, password, password_confirmation, revoke_tokens } = request.body;
      if (user.password && !(await checkPassword(user.password, current_password))) {
        throw validationError({ current_password: WRONG_PASSWORD_MESSAGE });
      }
      if (password !== password_confirmation) throw validationError({ password: PASSWORD_MISMATCH_MESSAGE });
      const passwordHash = await hashPassword(password);
      // What the old password let in ends with it: other devices (their sockets too) and, unless
      // the user keeps them, the API tokens. This device stays signed in.
      const ended = await db.transaction().execute(async (trx) => {
        await accountRepository.setPassword(trx, user.id, passwordHash);
        return deleteAccess(trx, user.id, { keepSessionId: request.sessionId, tokens: revoke_tokens });
      });
      await announceEndedAccess({ cache: app.deps.cache, realtime: app.services.realtime }, user.id, ended);
      const fresh = (await accountRepository.findById(db, user.id)) ?? user;
      return { user: await accountUserDto(db, fresh, true) };
    },
  );

  app.post(
    '/api/v1/users/me/locale',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Change the language; answers bootstrap data in it',
        body: ZChangeLocalePayloadSchema,
        response: { 200: ZBootstrapDataResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!(await accountRepository.localeExists(db, request.body.locale)))
        throw validationError({ locale: 'The selected locale is invalid.' });
      await accountRepository.setLanguage(db, user.id, request.body.locale);
      const fresh = (await accountRepository.findById(db, user.id)) ?? user;
      request.user = await authRepository.loadAccess(db, fresh);
      return { bootstrapData: await bootstrapDataFor(request, reply) };
    },
  );

  app.get(
    '/auth/user/confirmed-password-status',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Whether the password was confirmed within `seconds`',
        querystring: ZConfirmedPasswordStatusQuerySchema,
        response: { 200: ZConfirmedPasswordStatusResponseSchema, ...errors },
      },
    },
    async (request) => ({ confirmed: await isPasswordConfirmed(request, request.query.seconds) }),
  );

  app.post(
    '/auth/user/confirm-password',
    {
      config: { access: 'user' },
      // A confirmation opens confirmed-only acts (deleting the account): a leaked token must not.
      onRequest: requireCookieSession(TOKEN_CANNOT_CONFIRM_PASSWORD_MESSAGE),
      schema: {
        tags,
        summary: 'Confirm the password for sensitive actions',
        body: ZConfirmPasswordPayloadSchema,
        response: { 200: ZConfirmedPasswordStatusResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await throttle(rateLimitStore, [{ key: `confirm-password:${user.id}`, max: 10, windowMs: MINUTE_MS }]);
      if (!(await checkPassword(user.password, request.body.password))) {
        throw validationError({ password: WRONG_PASSWORD_MESSAGE });
      }
      await markPasswordConfirmed(request);
      return { confirmed: true };
    },
  );
};
