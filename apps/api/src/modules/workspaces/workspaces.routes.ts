import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { publicUserName } from '@cadence/contracts/user';
import {
  WORKSPACE_MESSAGES,
  ZChangeMemberRoleSchema,
  ZInviteIdParamsSchema,
  ZInviteMembersSchema,
  ZJoinWorkspaceResponseSchema,
  ZSaveWorkspaceSchema,
  ZWorkspaceDetailsResponseSchema,
  ZWorkspaceIdParamsSchema,
  ZWorkspaceInviteParamsSchema,
  ZWorkspaceInvitesResponseSchema,
  ZWorkspaceListResponseSchema,
  ZWorkspaceMemberParamsSchema,
  ZWorkspaceResponseSchema,
} from '@cadence/contracts/workspace';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canAny, requireUser, restrictionOf } from '../../platform/auth/access';
import { createWorkspaceMembers } from './workspace-members';
import type { WorkspaceActor } from './workspaces.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};
const tags = ['workspaces'];
const user = { access: 'user' as const };

async function actorOf(request: FastifyRequest): Promise<WorkspaceActor> {
  const me = requireUser(request);
  const [view, update, remove, accounts] = await Promise.all([
    canAny(request, ['workspaces.view']),
    canAny(request, ['workspaces.update']),
    canAny(request, ['workspaces.delete']),
    canAny(request, ['users.update']),
  ]);
  return {
    id: me.id,
    email: me.email,
    // Shown to others (invitations, notifications): never a part of the address.
    name: publicUserName(me),
    image: me.image,
    ip: request.ip,
    sitewide: { view, update, delete: remove, accounts },
  };
}

/** Spec 1, 4, 7: workspaces, their members and invitations. Every check is made here, server-side. */
export const workspacesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { workspaces, workspaceInvites: invites } = app.services;
  const members = createWorkspaceMembers({ db: app.deps.db, workspaces });

  app.get(
    '/api/v1/me/workspaces',
    {
      config: user,
      schema: {
        tags,
        summary: 'The workspaces I belong to, with my role and their member counts',
        response: { 200: ZWorkspaceListResponseSchema, ...errors },
      },
    },
    async (request) => ({ workspaces: await workspaces.list(requireUser(request).id) }),
  );

  app.post(
    '/api/v1/workspace',
    {
      config: { access: { permission: 'workspaces.create' } },
      schema: {
        tags,
        summary: 'Create a workspace; I become its owner (restriction `count`)',
        body: ZSaveWorkspaceSchema,
        response: { 201: ZWorkspaceResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const limit = await restrictionOf(request, 'workspaces.create', 'count');
      const workspace = await workspaces.create(await actorOf(request), request.body, limit);
      return reply.code(201).send({ workspace });
    },
  );

  app.get(
    '/api/v1/workspace/:workspaceId',
    {
      config: user,
      schema: {
        tags,
        summary: 'A workspace with its members and pending invitations (members only)',
        params: ZWorkspaceIdParamsSchema,
        response: { 200: ZWorkspaceDetailsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      workspace: await workspaces.details(await actorOf(request), request.params.workspaceId),
    }),
  );

  app.put(
    '/api/v1/workspace/:workspaceId',
    {
      config: user,
      schema: {
        tags,
        summary: 'Rename a workspace (owner, admin)',
        params: ZWorkspaceIdParamsSchema,
        body: ZSaveWorkspaceSchema,
        response: { 200: ZWorkspaceResponseSchema, ...errors },
      },
    },
    async (request) => ({
      workspace: await workspaces.rename(await actorOf(request), request.params.workspaceId, request.body),
    }),
  );

  app.delete(
    '/api/v1/workspace/:workspaceId',
    {
      config: user,
      schema: {
        tags,
        summary: 'Delete a workspace (owner); its music returns to each owner',
        params: ZWorkspaceIdParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await workspaces.remove(await actorOf(request), request.params.workspaceId);
      return { message: WORKSPACE_MESSAGES.deleted };
    },
  );

  app.post(
    '/api/v1/workspace/:workspaceId/invite',
    {
      config: user,
      schema: {
        tags,
        summary: 'Invite people by email (owner, admin); mail or notification, valid 3 days',
        params: ZWorkspaceIdParamsSchema,
        body: ZInviteMembersSchema,
        response: { 200: ZWorkspaceInvitesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      invites: await invites.invite(await actorOf(request), request.params.workspaceId, request.body),
    }),
  );

  app.delete(
    '/api/v1/workspace/:workspaceId/invite/:inviteId',
    {
      config: user,
      schema: {
        tags,
        summary: 'Cancel a pending invitation (owner, admin)',
        params: ZWorkspaceInviteParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await invites.cancel(await actorOf(request), request.params.workspaceId, request.params.inviteId);
      return { message: WORKSPACE_MESSAGES.inviteCancelled };
    },
  );

  app.get(
    '/api/v1/workspace/join/:inviteId',
    {
      config: user,
      schema: {
        tags,
        summary: 'Accept an invitation sent to my email (spec 7); 404 when no longer valid',
        params: ZInviteIdParamsSchema,
        response: { 200: ZJoinWorkspaceResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: WORKSPACE_MESSAGES.joined,
      workspace: await invites.join(await actorOf(request), request.params.inviteId),
    }),
  );

  app.delete(
    '/api/v1/workspace/invite/:inviteId',
    {
      config: user,
      schema: {
        tags,
        summary: 'Decline an invitation sent to my email (spec 7); the owner is notified',
        params: ZInviteIdParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await invites.decline(await actorOf(request), request.params.inviteId);
      return { message: WORKSPACE_MESSAGES.declined };
    },
  );

  app.put(
    '/api/v1/workspace/:workspaceId/member/:userId',
    {
      config: user,
      schema: {
        tags,
        summary: "Change a member's role to admin or member (owner, admin; never the owner or oneself)",
        params: ZWorkspaceMemberParamsSchema,
        body: ZChangeMemberRoleSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { workspaceId, userId } = request.params;
      await members.changeRole(await actorOf(request), workspaceId, userId, request.body);
      return { message: WORKSPACE_MESSAGES.roleChanged };
    },
  );

  app.delete(
    '/api/v1/workspace/:workspaceId/member/:userId',
    {
      config: user,
      schema: {
        tags,
        summary: 'Remove a member (owner, admin), or leave when it is me',
        params: ZWorkspaceMemberParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { workspaceId, userId } = request.params;
      const isLeaving = await members.remove(await actorOf(request), workspaceId, userId);
      return { message: isLeaving ? WORKSPACE_MESSAGES.left : WORKSPACE_MESSAGES.memberRemoved };
    },
  );
};
