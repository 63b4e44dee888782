import { randomUUID } from 'node:crypto';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { ZFileEntryResponseSchema } from '@cadence/contracts/file-entry';
import { ZTusEntriesRequestSchema } from '@cadence/contracts/uploads';
import type { Server } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthUser } from '../../platform/auth/auth-user';
import { AppError, validationError } from '../../platform/http/app-error';
import { loadOnce } from '../../platform/load-once';
import {
  STORAGE_UNAVAILABLE_MESSAGE,
  storageUnavailableOr,
} from '../../platform/storage/storage-unavailable';
import type { RedisLocker } from './redis-locker';
import { StorageUnavailableError, tusErrorAnswer } from './storage-unavailable';
import { createTusStore, isUploadKey, type TusStore } from './tus-store';

const TUS_PATH = '/api/v1/tus/upload';
/** Set by the api on the raw request, never trusted from the client: it replaces any sent value. */
const OWNER_HEADER = 'x-cadence-upload-owner';

function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthenticated');
  return request.user;
}

/** The tus server reads `rawHeaders`; any client-sent copy of the header is dropped first. */
function setOwnerHeader(request: FastifyRequest, userId: number) {
  const raw = request.raw.rawHeaders;
  const kept: string[] = [];
  for (let index = 0; index < raw.length; index += 2) {
    if (raw[index]?.toLowerCase() !== OWNER_HEADER) kept.push(raw[index] as string, raw[index + 1] as string);
  }
  kept.push(OWNER_HEADER, String(userId));
  raw.splice(0, raw.length, ...kept);
  request.raw.headers[OWNER_HEADER] = String(userId);
}

export const tusRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage, settings, fileEntries } = app.services;
  if (storage.isTusDisabled) return;
  const uploads = storage.get('uploads');

  /** The tus server and its store (with @tus/* and the AWS SDK) start with the first tus request. */
  async function startTus(): Promise<{ store: TusStore; tus: Server }> {
    const store = await createTusStore(app.deps.env, uploads, await settings.get('uploads.chunk_size'));
    const { Server } = await import('@tus/server');
    // Replicas sharing REDIS_URL must share upload locks; a single node keeps tus's in-memory locker.
    const redisUrl = app.deps.env.REDIS_URL;
    if (redisUrl) {
      const { createRedisLocker } = await import('./redis-locker');
      redisLocker ??= await createRedisLocker({ url: redisUrl, log: app.log });
    }
    const tus = new Server({
      path: TUS_PATH,
      locker: redisLocker,
      datastore: store.datastore,
      respectForwardedHeaders: app.deps.env.TRUST_PROXY,
      namingFunction: () => store.storeId(randomUUID()) as string,
      onResponseError: (_req, error) => tusErrorAnswer(error),
      generateUrl: (_req, { proto, host, path, id }) => `${proto}://${host}${path}/${id.split('/').pop()}`,
      getFileIdFromRequest: (_req, lastPath) =>
        lastPath ? (store.storeId(lastPath) ?? undefined) : undefined,
      onUploadCreate: async (req, upload) => {
        const ownerId = req.headers.get(OWNER_HEADER);
        if (!ownerId) throw { status_code: 401, body: 'Unauthenticated.' };
        return { metadata: { ...upload.metadata, ownerId } };
      },
    });
    return { store, tus };
  }
  const tusRuntime = loadOnce(startTus);
  let redisLocker: RedisLocker | undefined;
  app.addHook('onClose', async () => {
    await tusRuntime.started()?.catch(() => undefined);
    await redisLocker?.close();
  });

  /** The upload must exist and belong to the user; anything else looks like "not found". */
  async function assertOwnsUpload(user: AuthUser, uploadKey: string) {
    const { store } = await tusRuntime();
    const id = store.storeId(uploadKey);
    if (!id) throw new AppError('not_found');
    const upload = await store.datastore.getUpload(id).catch((error: unknown) => {
      if (error instanceof StorageUnavailableError)
        throw new AppError('unavailable', STORAGE_UNAVAILABLE_MESSAGE);
      if ((error as { status_code?: number }).status_code === 404) return null;
      throw storageUnavailableOr(error);
    });
    if (!upload || upload.metadata?.ownerId !== String(user.id)) throw new AppError('not_found');
    return upload;
  }

  async function handle(request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) {
    const user = userOf(request);
    if (request.method === 'POST' && !request.params.id) {
      const length = Number(request.headers['upload-length']);
      if (!Number.isSafeInteger(length) || length < 0) {
        throw validationError({ file: 'Upload-Length is required.' });
      }
      const name = String(request.headers['upload-metadata'] ?? '')
        .split(',')
        .map((pair) => pair.trim().split(' '))
        .find(([key]) => key === 'name' || key === 'clientName')?.[1];
      const clientName = name ? Buffer.from(name, 'base64').toString('utf8') : 'file';
      await fileEntries.assertCanStore(user, await fileEntries.policyFor(user), clientName, length);
    } else if (request.params.id) {
      await assertOwnsUpload(user, request.params.id);
    }
    const { tus } = await tusRuntime();
    setOwnerHeader(request, user.id);
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  }

  // tus PATCH bodies stay unread here: the tus server streams them from the raw request.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const options = { config: { access: { permission: 'files.create' as const } }, schema: { hide: true } };
  app.route({ method: ['POST', 'OPTIONS'], url: TUS_PATH, ...options, handler: handle });
  app.route({ method: ['HEAD', 'PATCH', 'DELETE'], url: `${TUS_PATH}/:id`, ...options, handler: handle });

  app.post(
    '/api/v1/tus/entries',
    {
      config: { access: { permission: 'files.create' } },
      schema: {
        tags: ['uploads'],
        summary: 'Create the file entry of a finished resumable upload',
        body: ZTusEntriesRequestSchema,
        response: {
          200: ZFileEntryResponseSchema,
          401: ZErrorEnvelopeSchema,
          403: ZErrorEnvelopeSchema,
          404: ZErrorEnvelopeSchema,
          422: ZErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const user = userOf(request);
      const { uploadKey } = request.body;
      if (!isUploadKey(uploadKey)) throw new AppError('not_found');
      const { store } = await tusRuntime();
      const upload = await assertOwnsUpload(user, uploadKey);
      if (upload.size === undefined || upload.offset !== upload.size) {
        throw validationError({ file: 'The upload is not finished.' });
      }
      const meta = upload.metadata ?? {};
      const parentId = Number(meta.parentId);
      const row = await fileEntries.adoptStoredFile(user, {
        disk: 'uploads',
        path: store.diskPath(uploadKey),
        fileName: uploadKey,
        clientName: meta.clientName || meta.name || 'file',
        clientMime: meta.clientMime ?? null,
        clientExtension: meta.clientExtension ?? null,
        metadata: { parentId: Number.isSafeInteger(parentId) && parentId > 0 ? parentId : null },
      });
      await store.forget(uploadKey);
      return { fileEntry: fileEntries.dto(row) };
    },
  );
};
