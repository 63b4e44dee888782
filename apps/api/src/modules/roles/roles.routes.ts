import { ZBulkDeletePayloadSchema, ZBulkDeleteResponseSchema } from '@cadence/contracts/admin-list';
import {
  ZAdminRoleResponseSchema,
  ZAdminRoleSchema,
  ZAdminRolesQuerySchema,
  ZRolePayloadSchema,
} from '@cadence/contracts/admin-roles';
import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/access';
import { GUEST_ROLE_CACHE_KEY } from '../../platform/auth/auth.plugin';
import { type RoleActor, rolesService } from './roles.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};
const tags = ['roles'];
/** The users pages read roles too (filters, the roles field). */
const canRead = {
  access: { permission: ['roles.view', 'roles.update', 'users.update'], signedIn: true },
} as const;

/** The admin's roles pages (spec 2.12 roles, new, {roleId}/edit). */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const actorOf = (request: FastifyRequest): RoleActor => ({ id: requireUser(request).id, ip: request.ip });
  /**
   * Any role write may change what guests may do (their role's permissions, which role carries
   * the guests flag): every process reloads the guest role on its next request instead of after
   * the key's TTL, and guest pages kept under the old role are dropped with it.
   */
  async function afterRoleWrite<T>(result: T): Promise<T> {
    await app.deps.cache.delete(GUEST_ROLE_CACHE_KEY);
    return result;
  }

  app.get(
    '/api/v1/roles',
    {
      config: canRead,
      schema: {
        tags,
        summary: 'Roles with their permissions and user counts',
        querystring: ZAdminRolesQuerySchema,
        response: { 200: paginationSchema(ZAdminRoleSchema), ...errors },
      },
    },
    async (request) => rolesService.list(db, request.query),
  );

  app.get(
    '/api/v1/roles/:id',
    {
      config: canRead,
      schema: {
        tags,
        summary: 'One role',
        params: ZIdParamsSchema,
        response: { 200: ZAdminRoleResponseSchema, ...errors },
      },
    },
    async (request) => ({ role: await rolesService.find(db, request.params.id) }),
  );

  app.post(
    '/api/v1/roles',
    {
      config: { access: { permission: 'roles.create', signedIn: true } },
      schema: {
        tags,
        summary: 'Create a role',
        body: ZRolePayloadSchema,
        response: { 201: ZAdminRoleResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { role: await afterRoleWrite(await rolesService.create(db, actorOf(request), request.body)) };
    },
  );

  app.put(
    '/api/v1/roles/:id',
    {
      config: { access: { permission: 'roles.update', signedIn: true } },
      schema: {
        tags,
        summary: 'Update a role (the last admin keeps admin)',
        params: ZIdParamsSchema,
        body: ZRolePayloadSchema,
        response: { 200: ZAdminRoleResponseSchema, ...errors },
      },
    },
    async (request) => ({
      role: await afterRoleWrite(
        await rolesService.update(db, actorOf(request), request.params.id, request.body),
      ),
    }),
  );

  app.delete(
    '/api/v1/roles',
    {
      config: { access: { permission: 'roles.delete', signedIn: true } },
      schema: {
        tags,
        summary: 'Delete roles by id; their users move to the default role',
        body: ZBulkDeletePayloadSchema,
        response: { 200: ZBulkDeleteResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: 'Deleted roles',
      deleted: await afterRoleWrite(await rolesService.bulkDelete(db, actorOf(request), request.body.ids)),
    }),
  );
};
