import {
  AVATAR_MAX_BYTES,
  ZAccountUserResponseSchema,
  ZAvatarKeyParamsSchema,
  ZAvatarUrlPayloadSchema,
  ZDeleteUserQuerySchema,
  ZUserRecordResponseSchema,
} from '@cadence/contracts/account';
import { ZAdminUpdateUserPayloadSchema } from '@cadence/contracts/admin-users';
import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { ZUserIdParamsSchema } from '@cadence/contracts/user';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/access';
import { can } from '../../platform/auth/can';
import {
  announceEndedAccess,
  announceSuspendedAccess,
  deleteAccess,
  suspendAccess,
} from '../../platform/auth/end-access';
import { forgetUserSessions } from '../../platform/auth/session-cache';
import { AppError, validationError } from '../../platform/http/app-error';
import { adminUsers } from '../admin-users/admin-user-changes';
import * as accountRepository from '../auth/account.repository';
import { requirePasswordConfirmation } from '../auth/password-confirmation';
import { clearSessionCookie } from '../auth/session-start';
import { catalogueChanged, changingCatalogue } from '../catalogue/catalogue-invalidation';
import { keepingAdmins } from '../roles/admin-invariants';
import { accountUserDto } from './account-user';
import { fetchAvatar, removeAvatar, storeAvatar, tooLargeMessage } from './avatar.service';
import { toPublicUser } from './public-user';
import { targetUser } from './user-access';
import * as usersRepository from './users.repository';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
  423: ZErrorEnvelopeSchema,
};
const tags = ['users'];

async function readAvatarBytes(request: FastifyRequest, allowLoopback: boolean): Promise<Buffer> {
  if (!request.isMultipart()) {
    const { url } = ZAvatarUrlPayloadSchema.parse(request.body ?? {});
    return fetchAvatar(url, allowLoopback);
  }
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (part.fieldname !== 'url') continue;
      const { url } = ZAvatarUrlPayloadSchema.parse({ url: part.value });
      return fetchAvatar(url, allowLoopback);
    }
    try {
      return await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw validationError({ file: tooLargeMessage(part.filename || 'file') });
      }
      throw error;
    }
  }
  throw validationError({ file: 'Please select an image.' });
}

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, env } = app.deps;
  const endDeps = { cache: app.deps.cache, realtime: app.services.realtime };
  const allowLoopback = env.ALLOW_LOOPBACK_FETCH;
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, fieldSize: 4096 },
  });

  app.get(
    '/api/v1/users/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'The account record with social profiles and tokens (own account, users.update); the public projection for others',
        params: ZUserIdParamsSchema,
        response: { 200: ZUserRecordResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user, isSelf } = await targetUser(request, request.params.id, 'users.view');
      if (isSelf || can(requireUser(request), null, 'users.update'))
        return { user: await accountUserDto(db, user, isSelf) };
      // users.view is for public profiles: a suspended account has none, as on its profile page.
      if (user.banned_at) throw new AppError('not_found');
      return { user: toPublicUser(user) };
    },
  );

  app.put(
    '/api/v1/users/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Update account details (admins: also email, verification, ban, roles, permissions)',
        params: ZUserIdParamsSchema,
        body: ZAdminUpdateUserPayloadSchema,
        response: { 200: ZAccountUserResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user, isSelf } = await targetUser(request, request.params.id, 'users.update');
      const actor = requireUser(request);
      // Mass assignment: the admin-only fields of a caller without users.update are dropped unread.
      const isAdmin = can(actor, null, 'users.update');
      const { banned_at, email, email_verified_at, ban_reason, roles, permissions, ...details } =
        request.body;
      // Suspending is an admin's act on someone else: nobody lifts (or sets) their own ban.
      if (banned_at !== undefined && isSelf) throw new AppError('forbidden');
      const changes = {
        ...Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined)),
        ...(banned_at !== undefined ? { banned_at: banned_at === null ? null : new Date(banned_at) } : {}),
      };
      const adminChanges = isAdmin
        ? { email, email_verified_at, ban_reason, roles, permissions, banned_at }
        : {};
      const audited =
        isAdmin && (!isSelf || Object.values(adminChanges).some((value) => value !== undefined));
      // A ban ends every way in at once: tokens, and the sockets of tokens and sessions.
      const isBanning = isAdmin && !isSelf && banned_at != null;
      const ended = await db.transaction().execute(async (trx) => {
        const before = audited ? await adminUsers.auditView(trx, user.id) : null;
        const write = async () => {
          if (Object.keys(changes).length > 0) {
            await usersRepository.updateDetails(trx, user.id, changes);
          }
          if (isAdmin) await adminUsers.applyAdminChanges(trx, user, adminChanges);
        };
        if (isAdmin)
          await keepingAdmins(
            trx,
            actor.id,
            roles ? 'roles' : banned_at ? 'banned_at' : 'permissions',
            write,
          );
        else await write();
        if (audited) {
          const after = await adminUsers.auditView(trx, user.id);
          await adminUsers.auditUpdate(
            { id: actor.id, ip: request.ip },
            trx,
            user.id,
            before,
            after,
            banned_at === undefined ? null : banned_at !== null,
          );
        }
        return isBanning ? suspendAccess(trx, user.id) : null;
      });
      if (ended) await announceSuspendedAccess(endDeps, user.id, ended);
      else if (banned_at !== undefined) await forgetUserSessions(app.deps, user.id);
      // Playlist pages name their owner and editors.
      if (Object.keys(changes).length > 0) await catalogueChanged(db, { users: [user.id] });
      const fresh = (await accountRepository.findById(db, user.id)) ?? user;
      return { user: await accountUserDto(db, fresh, isSelf) };
    },
  );

  app.delete(
    '/api/v1/users/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Delete an account (deleteCurrentUser for one's own)",
        params: ZUserIdParamsSchema,
        querystring: ZDeleteUserQuerySchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, isSelf } = await targetUser(request, request.params.id, 'users.delete');
      if (isSelf) {
        if (!request.query.deleteCurrentUser) throw new AppError('forbidden');
        await requirePasswordConfirmation(request);
      }
      // Social profiles and avatars go with the row (foreign keys cascade); sessions and tokens
      // are ended first so their open sockets close too. Their playlists go with them (cascade):
      // their pages must not outlive them in the cache.
      const ended = await changingCatalogue(db, { users: [user.id] }, () =>
        db.transaction().execute(async (trx) => {
          const gone = await deleteAccess(trx, user.id, { keepSessionId: null, tokens: true });
          await usersRepository.remove(trx, user.id);
          return gone;
        }),
      );
      await announceEndedAccess(endDeps, user.id, ended);
      if (isSelf) clearSessionCookie(request, reply);
      return { message: 'Account deleted' };
    },
  );

  app.post(
    '/api/v1/users/:id/avatar',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Upload an avatar: multipart `file` (image, 2 MB) or JSON `url`',
        params: ZUserIdParamsSchema,
        response: { 200: ZAccountUserResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user, isSelf } = await targetUser(request, request.params.id, 'users.update');
      const bytes = await readAvatarBytes(request, allowLoopback);
      await storeAvatar(db, env.APP_URL, user.id, bytes, request.isMultipart() ? 'file' : 'url');
      // Playlist pages show their owner's and editors' pictures.
      await catalogueChanged(db, { users: [user.id] });
      const fresh = (await accountRepository.findById(db, user.id)) ?? user;
      return { user: await accountUserDto(db, fresh, isSelf) };
    },
  );

  app.delete(
    '/api/v1/users/:id/avatar',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Remove the avatar',
        params: ZUserIdParamsSchema,
        response: { 200: ZAccountUserResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user, isSelf } = await targetUser(request, request.params.id, 'users.update');
      await removeAvatar(db, user.id);
      await catalogueChanged(db, { users: [user.id] });
      const fresh = (await accountRepository.findById(db, user.id)) ?? user;
      return { user: await accountUserDto(db, fresh, isSelf) };
    },
  );

  app.get(
    '/api/v1/avatars/:key',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Avatar image bytes',
        params: ZAvatarKeyParamsSchema,
      },
    },
    async (request, reply) => {
      const row = await usersRepository.findAvatar(db, request.params.key);
      if (!row) throw new AppError('not_found');
      return reply
        .header('content-type', row.mime)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(Buffer.from(row.data));
    },
  );
};
