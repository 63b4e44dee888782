import { ZBulkDeletePayloadSchema, ZBulkDeleteResponseSchema } from '@cadence/contracts/admin-list';
import {
  ZAdminUserListItemSchema,
  ZAdminUserResponseSchema,
  ZAdminUsersQuerySchema,
  ZCreateUserPayloadSchema,
  ZPasswordResetLinkPayloadSchema,
  ZPasswordResetLinkResponseSchema,
  ZUserTokenParamsSchema,
} from '@cadence/contracts/admin-users';
import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';
import * as accountRepository from '../auth/account.repository';
import type { Actor } from './admin-user-changes';
import { createAdminUsersService } from './admin-users.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};
const tags = ['admin users'];
const canManage = { access: { permission: 'users.update', signedIn: true } } as const;

async function findUser(request: FastifyRequest, id: number) {
  const user = await accountRepository.findById(request.server.deps.db, id);
  if (!user) throw new AppError('not_found');
  return user;
}

const actorOf = (request: FastifyRequest): Actor => ({ id: requireUser(request).id, ip: request.ip });

/** The admin's users pages (spec 2.12 users, users/{userId} tabs). Account self-service stays in users.routes. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, cache, env } = app.deps;
  const adminUsers = createAdminUsersService({
    db,
    cache,
    env,
    settings: app.services.settings,
    realtime: app.services.realtime,
    mailer: () => app.mailer,
  });

  app.get(
    '/api/v1/users',
    {
      config: canManage,
      schema: {
        tags,
        summary: 'Users: search, filters (role, banned, email_verified), sort, pages',
        querystring: ZAdminUsersQuerySchema,
        response: { 200: paginationSchema(ZAdminUserListItemSchema), ...errors },
      },
    },
    async (request) => adminUsers.list(request.query),
  );

  app.post(
    '/api/v1/users',
    {
      config: { access: { permission: 'users.create', signedIn: true } },
      schema: {
        tags,
        summary: 'Create a user (admins)',
        body: ZCreateUserPayloadSchema,
        response: { 201: ZAdminUserResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const id = await adminUsers.create(actorOf(request), request.body);
      reply.code(201);
      return { user: await adminUsers.detail(await findUser(request, id)) };
    },
  );

  app.delete(
    '/api/v1/users',
    {
      config: { access: { permission: 'users.delete', signedIn: true } },
      schema: {
        tags,
        summary: 'Delete users by id (not oneself, not the last admin)',
        body: ZBulkDeletePayloadSchema,
        response: { 200: ZBulkDeleteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const deleted = await adminUsers.bulkDelete(actorOf(request), request.body.ids);
      return { message: 'Deleted users', deleted };
    },
  );

  app.get(
    '/api/v1/users/:id/admin',
    {
      config: canManage,
      schema: {
        tags,
        summary: "The admin's view of a user: roles, direct permissions, 2FA, sessions, tokens",
        params: ZIdParamsSchema,
        response: { 200: ZAdminUserResponseSchema, ...errors },
      },
    },
    async (request) => ({
      user: await adminUsers.detail(await findUser(request, request.params.id)),
    }),
  );

  app.delete(
    '/api/v1/users/:id/sessions',
    {
      config: canManage,
      schema: {
        tags,
        summary: 'Log the user out everywhere (sessions and access tokens)',
        params: ZIdParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await findUser(request, request.params.id);
      await adminUsers.logoutEverywhere(actorOf(request), user.id);
      return { message: 'Logged out everywhere.' };
    },
  );

  app.delete(
    '/api/v1/users/:id/two-factor',
    {
      config: canManage,
      schema: {
        tags,
        summary: "Reset the user's two-factor authentication",
        params: ZIdParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await adminUsers.resetTwoFactor(actorOf(request), await findUser(request, request.params.id));
      return { message: 'Two factor authentication has been disabled.' };
    },
  );

  app.delete(
    '/api/v1/users/:id/tokens/:tokenId',
    {
      config: canManage,
      schema: {
        tags,
        summary: "Revoke one of the user's access tokens",
        params: ZUserTokenParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await findUser(request, request.params.id);
      await adminUsers.revokeToken(actorOf(request), user.id, request.params.tokenId);
      return { message: 'Token deleted' };
    },
  );

  app.post(
    '/api/v1/users/:id/password-reset-link',
    {
      config: canManage,
      schema: {
        tags,
        summary: 'A password reset link for the user (optionally mailed to them)',
        params: ZIdParamsSchema,
        body: ZPasswordResetLinkPayloadSchema,
        response: { 200: ZPasswordResetLinkResponseSchema, ...errors },
      },
    },
    async (request) =>
      adminUsers.passwordResetLink(
        actorOf(request),
        await findUser(request, request.params.id),
        request.body.send_email,
      ),
  );
};
