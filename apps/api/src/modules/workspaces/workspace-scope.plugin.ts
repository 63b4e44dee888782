import { WORKSPACE_COOKIE, WORKSPACE_MESSAGES } from '@cadence/contracts/workspace';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, validationError } from '../../platform/http/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** Spec 7: the workspace the request acts in (0 = the personal one), membership checked. */
    workspaceId: number;
  }
}

/**
 * Paths a user needs to recover from a workspace they no longer belong to (stale cookie): the
 * workspace routes act on the workspace in their path, with their own checks, never the current one.
 */
const EXEMPT_PREFIXES = ['/auth/', '/api/v1/bootstrap-data', '/api/v1/me/workspaces', '/api/v1/workspace/'];
const EXEMPT_PATHS = new Set(['/api/v1/workspace']);
const isExempt = (path: string) =>
  EXEMPT_PATHS.has(path) || EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix));

function bodyWorkspace(request: FastifyRequest): unknown {
  const body = request.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const field = body.workspaceId as unknown;
  // Multipart bodies carry fields as {value}.
  if (field && typeof field === 'object' && 'value' in field) return (field as { value: unknown }).value;
  return field;
}

const isNone = (raw: unknown) => raw === undefined || raw === null || raw === '' || raw === '0' || raw === 0;

function parseId(raw: unknown): number {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!/^[1-9]\d{0,9}$/.test(String(value)))
    throw validationError({ workspaceId: 'The id must be a positive integer.' });
  return Number(value);
}

/**
 * With a workspace active the apps send `workspaceId` on GET, POST and PUT (spec 7). Every such
 * request is checked here, before the route's own access check: a signed-in non-member gets 403
 * before any handler runs, and a member is removed the moment their row goes (no cache). The
 * `activeWorkspaceId` cookie alone (page loads, bootstrap data) selects the workspace only for a
 * member and is ignored otherwise, so a stale cookie never locks anyone out. Guests act in none.
 *
 * Inside a workspace a member may upload and publish as its owner may: the owner's own
 * `files.create`/`music.create` grants (with their restrictions) join the member's for this
 * request, so the workspace's plan, not the member's, decides.
 */
export const workspaceScopePlugin = fp(
  async (app: FastifyInstance) => {
    const { workspaces } = app.services;
    app.decorateRequest('workspaceId', 0);

    // Callback hooks: a guest's request (no user) passes both without a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      request.workspaceId = 0;
      if (!request.user) return done();
      scopeRequest(request).then(() => done(), done);
    });
    async function scopeRequest(request: FastifyRequest) {
      const user = request.user;
      if (!user) return;
      const path = request.url.split('?', 1)[0] ?? '/';
      const explicit = (request.query as Record<string, unknown> | undefined)?.workspaceId;
      let isStrict = !isNone(explicit) && !isExempt(path);
      let workspaceId: number;
      if (!isNone(explicit)) workspaceId = parseId(explicit);
      else {
        const cookie = request.cookies[WORKSPACE_COOKIE];
        if (isNone(cookie) || !/^[1-9]\d{0,9}$/.test(String(cookie))) return;
        workspaceId = Number(cookie);
        isStrict = false;
      }
      const scope = await workspaces.scopeFor(workspaceId, user.id);
      if (!scope) {
        if (isStrict) throw new AppError('forbidden', WORKSPACE_MESSAGES.notMember);
        return;
      }
      request.workspaceId = workspaceId;
      if (scope.delegated.length > 0)
        request.user = { ...user, permissions: [...user.permissions, ...scope.delegated] };
    }

    // A caller may give the id in the body instead (spec 7 "unless given"): membership only.
    app.addHook('preValidation', (request, _reply, done) => {
      const raw = bodyWorkspace(request);
      const user = request.user;
      if (isNone(raw) || request.workspaceId || !user) return done();
      let workspaceId: number;
      try {
        workspaceId = parseId(raw);
      } catch (error) {
        return done(error as Error);
      }
      workspaces.roleOf(workspaceId, user.id).then((role) => {
        if (!role) return done(new AppError('forbidden', WORKSPACE_MESSAGES.notMember));
        request.workspaceId = workspaceId;
        done();
      }, done);
    });
  },
  { name: 'workspace-scope', dependencies: ['auth'] },
);
