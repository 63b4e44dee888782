import {
  ZAdminDeleteFilesPayloadSchema,
  ZAdminFileEntrySchema,
  ZAdminFilesQuerySchema,
  ZAdminRestoreFilesPayloadSchema,
  ZDiskUsageResponseSchema,
  ZFilesChangedResponseSchema,
} from '@cadence/contracts/admin-files';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressViewer } from '../users/address-viewer';
import { createAdminFilesService, type FilesActor } from './admin-files.service';

const errors = { 401: ZErrorEnvelopeSchema, 403: ZErrorEnvelopeSchema, 422: ZErrorEnvelopeSchema };
const tags = ['admin files'];
const actorOf = (request: FastifyRequest): FilesActor => ({ id: request.user?.id ?? null, ip: request.ip });

/** The admin's files page (spec 2.12 files; route permission files.update). */
export const adminFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAdminFilesService({
    db: app.deps.db,
    storage: app.services.storage,
    fileEntries: app.services.fileEntries,
  });

  app.get(
    '/api/v1/file-entries',
    {
      config: { access: { permission: 'files.update', signedIn: true } },
      schema: {
        tags,
        summary: 'Every file entry with its owner: search, disk, kind and trash filters, sort, pages',
        querystring: ZAdminFilesQuerySchema,
        response: { 200: paginationSchema(ZAdminFileEntrySchema), ...errors },
      },
    },
    async (request) => service.list(request.query, addressViewer(request.user ?? null)),
  );

  app.get(
    '/api/v1/file-entries/usage',
    {
      config: { access: { permission: 'files.update', signedIn: true } },
      schema: {
        tags,
        summary: 'Storage used per disk (live and trashed bytes)',
        response: { 200: ZDiskUsageResponseSchema, ...errors },
      },
    },
    async () => ({ disks: await service.usage() }),
  );

  app.delete(
    '/api/v1/file-entries',
    {
      config: { access: { permission: 'files.delete', signedIn: true } },
      schema: {
        tags,
        summary: 'Move files to the trash, or with forever delete them and their bytes',
        body: ZAdminDeleteFilesPayloadSchema,
        response: { 200: ZFilesChangedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { ids, forever } = request.body;
      if (forever) {
        const count = await service.deleteForever(actorOf(request), ids);
        return { message: 'Deleted files for ever', count };
      }
      const count = await service.trash(actorOf(request), ids);
      return { message: 'Moved files to the trash', count };
    },
  );

  app.post(
    '/api/v1/file-entries/restore',
    {
      config: { access: { permission: 'files.update', signedIn: true } },
      schema: {
        tags,
        summary: 'Restore files from the trash',
        body: ZAdminRestoreFilesPayloadSchema,
        response: { 200: ZFilesChangedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const count = await service.restore(actorOf(request), request.body.ids);
      return { message: 'Restored files', count };
    },
  );
};
