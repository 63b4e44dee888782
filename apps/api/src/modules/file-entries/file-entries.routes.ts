import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { ZFileEntryResponseSchema } from '@cadence/contracts/file-entry';
import {
  ZDeleteFileEntriesRequestSchema,
  ZDeleteFileEntriesResponseSchema,
  ZFileEntryUploadFieldsSchema,
} from '@cadence/contracts/uploads';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthUser } from '../../platform/auth/auth-user';
import { AppError, validationError } from '../../platform/http/app-error';
import { jsonBoundsBreach } from '../../platform/http/json-body';
import { storageUnavailableOr } from '../../platform/storage/storage-unavailable';
import { sendStoredFile } from '../public-storage/send-stored-file';
import { sniffType } from '../uploads/sniff-type';
import { assertSizeAllowed, assertTypeAllowed } from '../uploads/upload-policy';
import { displayName } from './file-entries.service';
import { type StagedFile, stageFilePart } from './receive-form-upload';

const errors = { 401: ZErrorEnvelopeSchema, 403: ZErrorEnvelopeSchema, 422: ZErrorEnvelopeSchema };

function signedInUser(user: AuthUser | null): AuthUser {
  if (!user) throw new AppError('unauthenticated');
  return user;
}

function parseFields(fields: Record<string, string>) {
  let metadata: unknown;
  // The same bound as JSON bodies: a multipart field is JSON parsed here, past the body parser.
  const breach = fields.metadata ? jsonBoundsBreach(fields.metadata) : null;
  if (breach) throw validationError({ metadata: breach });
  try {
    metadata = fields.metadata ? JSON.parse(fields.metadata) : undefined;
  } catch {
    throw validationError({ metadata: 'The metadata must be JSON.' });
  }
  const parsed = ZFileEntryUploadFieldsSchema.safeParse({
    clientMime: fields.clientMime || null,
    clientExtension: fields.clientExtension || null,
    metadata,
  });
  if (!parsed.success) throw parsed.error;
  return parsed.data;
}

export const fileEntriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { fileEntries, storage } = app.services;
  const tempDir = path.join(app.deps.env.DATA_DIR, 'tmp', 'uploads');
  await app.register(multipart, { limits: { files: 1, fields: 20, fieldSize: 64 * 1024, parts: 30 } });

  app.post(
    '/api/v1/file-entries',
    {
      config: { access: { permission: 'files.create' } },
      schema: {
        tags: ['uploads'],
        summary: 'Upload one file as multipart form data (file, clientMime, clientExtension, metadata)',
        consumes: ['multipart/form-data'],
        response: { 200: ZFileEntryResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request.user);
      if (!request.isMultipart()) throw validationError({ file: 'The file field is required.' });
      const policy = await fileEntries.policyFor(user);
      const fields: Record<string, string> = {};
      let staged: StagedFile | null = null;
      try {
        const parts = request.parts({ limits: { fileSize: Number.MAX_SAFE_INTEGER } });
        for await (const part of parts) {
          if (part.type === 'field') fields[part.fieldname] = String(part.value);
          else if (part.fieldname === 'file' && !staged) {
            staged = await stageFilePart(part, { tempDir, maxSize: policy.maxSize });
          } else part.file.resume();
        }
        if (!staged) throw validationError({ file: 'The file field is required.' });
        const claims = parseFields(fields);
        assertSizeAllowed(policy, displayName(staged.clientName), staged.size);
        const sniffed = await sniffType(
          staged.head,
          claims.clientExtension ?? path.extname(staged.clientName),
        );
        assertTypeAllowed(policy, sniffed);
        await fileEntries.assertCanStore(user, policy, staged.clientName, staged.size);
        const disk = claims.metadata?.disk ?? 'uploads';
        const fileName = crypto.randomUUID();
        await storage
          .get(disk)
          .put(fileName, createReadStream(staged.tempPath), { mime: sniffed.mime })
          .catch((error: unknown) => {
            throw storageUnavailableOr(error);
          });
        const row = await fileEntries.adoptStoredFile(user, {
          disk,
          path: fileName,
          fileName,
          sniffed,
          clientName: staged.clientName,
          clientMime: claims.clientMime ?? staged.clientMime,
          clientExtension: claims.clientExtension,
          metadata: claims.metadata,
        });
        return { fileEntry: fileEntries.dto(row) };
      } finally {
        if (staged) await rm(staged.tempPath, { force: true });
      }
    },
  );

  app.post(
    '/api/v1/file-entries/delete',
    {
      config: { access: { permission: 'files.create' } },
      schema: {
        tags: ['uploads'],
        summary: 'Delete file entries by id or path: soft by default, bytes too with deleteForever',
        body: ZDeleteFileEntriesRequestSchema,
        response: { 200: ZDeleteFileEntriesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const entryIds = await fileEntries.deleteEntries(signedInUser(request.user), request.body);
      return { entryIds };
    },
  );

  app.get(
    '/api/v1/file-entries/:id',
    {
      config: { access: 'public' },
      compress: false,
      schema: {
        tags: ['uploads'],
        summary: "A file entry's bytes (owner or files.view); S3 disks redirect to a presigned URL",
        params: ZIdParamsSchema,
      },
    },
    async (request, reply) => {
      const row = await fileEntries.findReadable(request.user, request.params.id);
      const driver = storage.get(row.disk);
      const signed = await driver.presignGet(row.path, 300, { downloadName: row.name });
      if (signed) return reply.redirect(signed, 302);
      const info = await driver.stat(row.path);
      if (!info) throw new AppError('not_found');
      return sendStoredFile(request, reply, {
        driver,
        path: row.path,
        size: info.size,
        lastModified: info.lastModified,
        mime: row.mime,
        cacheControl: 'private, max-age=0',
        disposition: `inline; filename*=UTF-8''${encodeURIComponent(row.name)}`,
      });
    },
  );
};
