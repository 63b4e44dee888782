import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error';
import { createOpenFiles } from '../streaming/open-files';
import { authenticate } from './subsonic-auth';
import { type SubsonicMethod, subsonicActor } from './subsonic-context';
import { subsonicMethods } from './subsonic-methods';
import { SubsonicParams } from './subsonic-params';
import {
  isCallbackName,
  SubsonicError,
  type SubsonicFormat,
  type SubsonicReplyOptions,
  sendSubsonic,
  sendSubsonicError,
} from './subsonic-response';

const SERVER_VERSION = '1.0.0';
const FORM = 'application/x-www-form-urlencoded';

/** App errors thrown by the services the methods reuse, as the Subsonic codes clients know. */
const APP_ERROR_CODES: Record<string, number> = {
  not_found: 70,
  forbidden: 50,
  unauthenticated: 40,
  too_many_requests: 40,
  validation: 10,
  bad_request: 10,
};

function paramsOf(request: FastifyRequest): SubsonicParams {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  const body = typeof request.body === 'string' ? request.body : undefined;
  return new SubsonicParams([query, body]);
}

function formatOf(params: SubsonicParams): SubsonicFormat | SubsonicError {
  const f = params.get('f')?.toLowerCase();
  if (f === 'json') return { kind: 'json' };
  if (f === 'jsonp') {
    const callback = params.get('callback') ?? '';
    if (!isCallbackName(callback)) {
      return new SubsonicError('missing_parameter', 'callback must be a JavaScript identifier');
    }
    return { kind: 'jsonp', callback };
  }
  return { kind: 'xml' };
}

/** `v`: only another major version is refused (1.x clients all speak to a 1.16.1 server). */
function checkVersion(params: SubsonicParams): void {
  const version = params.get('v');
  if (!version) return;
  const major = Number(/^(\d+)\./.exec(version)?.[1] ?? '1');
  if (major < 1)
    throw new SubsonicError('client_too_old', 'Incompatible protocol version: client must upgrade');
  if (major > 1)
    throw new SubsonicError('server_too_old', 'Incompatible protocol version: server must upgrade');
}

function toSubsonicError(error: unknown): { code: number; message: string } {
  if (error instanceof SubsonicError) return { code: error.code, message: error.message };
  if (error instanceof AppError) {
    const code = APP_ERROR_CODES[error.code] ?? 0;
    return { code, message: code === 70 ? 'Not found' : error.message };
  }
  const status = (error as FastifyError | undefined)?.statusCode;
  if (status === 413 || status === 415 || status === 400) return { code: 0, message: 'Bad request' };
  return { code: 0, message: 'Internal error' };
}

/**
 * The Subsonic and OpenSubsonic API for native apps: `/rest/{method}` and `/rest/{method}.view`,
 * GET or POST (`formPost`), XML (default), JSON or JSONP. Every answer is a Subsonic document:
 * failures answer 200 with an error code, never an HTML page or a 5xx.
 */
export const subsonicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, cache, rateLimitStore, appKey } = app.deps;
  const { settings } = app.services;
  const authDeps = { db, cache, rateLimitStore, appKey };
  const openFiles = createOpenFiles();
  app.addHook('onClose', async () => openFiles.closeAll());

  // Encapsulated: only /rest reads url-encoded bodies, kept as text and merged with the query.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  const replyOptions = (request: FastifyRequest): SubsonicReplyOptions => {
    const format = formatOf(paramsOf(request));
    return {
      format: format instanceof SubsonicError ? { kind: 'json' } : format,
      serverVersion: SERVER_VERSION,
    };
  };

  // Whatever fails on /rest (a platform hook, a body parser, a bug) still answers in Subsonic's
  // own terms; the cause of an unexpected one is logged, never sent.
  app.setErrorHandler(async (error, request, reply) => {
    const answer = toSubsonicError(error);
    if (answer.message === 'Internal error') request.log.error({ err: error }, 'subsonic call failed');
    if (reply.sent) return;
    return sendSubsonicError(reply, replyOptions(request), answer);
  });

  async function handle(request: FastifyRequest<{ Params: { method: string } }>, reply: FastifyReply) {
    const params = paramsOf(request);
    const format = formatOf(params);
    if (format instanceof SubsonicError) {
      return sendSubsonicError(reply, { format: { kind: 'json' }, serverVersion: SERVER_VERSION }, format);
    }
    const options = { format, serverVersion: SERVER_VERSION };
    const name = request.params.method.replace(/\.view$/, '');
    const method: SubsonicMethod | undefined = Object.hasOwn(subsonicMethods, name)
      ? subsonicMethods[name]
      : undefined;
    if (!method) return sendSubsonicError(reply, options, { code: 0, message: `Unknown method: ${name}` });
    try {
      checkVersion(params);
      if (!(await settings.get('subsonic.enable'))) {
        throw new SubsonicError('not_authorized', 'Subsonic apps are turned off on this server');
      }
      const { user } = await authenticate(authDeps, params, request.ip);
      // As the web api's verification gate: an unverified account waits when confirmation is required.
      if (!user.email_verified_at && (await settings.get('require_email_confirmation'))) {
        throw new SubsonicError('not_authorized', 'Please verify your email address first');
      }
      const answer = await method({
        app,
        request,
        reply,
        params,
        user,
        actor: subsonicActor(user),
        openFiles,
      });
      if (answer === 'sent') return reply;
      return sendSubsonic(reply, options, answer);
    } catch (error) {
      const answer = toSubsonicError(error);
      if (answer.message === 'Internal error') request.log.error({ err: error }, 'subsonic call failed');
      if (reply.sent) return reply;
      return sendSubsonicError(reply, options, answer);
    }
  }

  // `:method` also matches `ping.view`; the suffix is dropped when dispatching.
  app.route({
    method: ['GET', 'POST'],
    url: '/rest/:method',
    // Subsonic authenticates each call itself (u with p or t+s, or apiKey), not by cookie or route access.
    config: { access: 'public' },
    compress: false,
    schema: { hide: true },
    handler: handle,
  });
  // Deeper paths are no method either: a failed document too, never the SPA's HTML page.
  app.route({
    method: ['GET', 'POST'],
    url: '/rest/*',
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (request, reply) =>
      sendSubsonicError(reply, replyOptions(request), { code: 0, message: 'Unknown method' }),
  });
};
