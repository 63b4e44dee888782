import {
  ZAdminAlbumPageSchema,
  ZAdminArtistPageSchema,
  ZAdminCatalogueQuerySchema,
  ZAdminTrackPageSchema,
  ZBulkDeleteSchema,
  ZPurgeFilesJobSchema,
} from '@cadence/contracts/admin-catalogue';
import { ZBulkDeleteResponseSchema } from '@cadence/contracts/admin-list';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import type { PermissionName } from '@cadence/permissions/catalogue';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../platform/db/schema';
import { adminCatalogue } from './admin-catalogue.service';
import type { AdminModel } from './admin-keyset.repository';
import { audit } from './audit';
import {
  type BulkDeleteResult,
  bulkDeleteAlbums,
  bulkDeleteArtists,
  bulkDeleteTracks,
  PURGE_FILES_JOB,
} from './bulk-delete';

const errors = { 401: ZErrorEnvelopeSchema, 403: ZErrorEnvelopeSchema, 422: ZErrorEnvelopeSchema };

type Table<Row> = {
  noun: 'tracks' | 'albums' | 'artists';
  model: AdminModel;
  page: z.ZodType;
  list: (db: Kysely<Database>, q: z.infer<typeof ZAdminCatalogueQuerySchema>) => Promise<Row>;
  remove: (db: Kysely<Database>, ids: number[]) => Promise<BulkDeleteResult>;
};

/** One admin table: GET a keyset page, DELETE many in one transaction (files purged by a job). */
function registerTable<Row>(app: FastifyInstance, table: Table<Row>) {
  const { db } = app.deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    `/api/v1/admin/${table.noun}`,
    {
      config: { access: { permission: `${table.noun}.view` as PermissionName } },
      schema: {
        tags: ['admin'],
        summary: `Every ${table.model} for the admin table: search, filters, sort, keyset pages`,
        querystring: ZAdminCatalogueQuerySchema,
        response: { 200: table.page, ...errors },
      },
    },
    async (request) => table.list(db, request.query),
  );

  typed.delete(
    `/api/v1/admin/${table.noun}`,
    {
      config: { access: { permission: `${table.noun}.delete` as PermissionName } },
      schema: {
        tags: ['admin'],
        summary: `Delete ${table.noun} in one transaction; their uploaded files are purged by a job`,
        body: ZBulkDeleteSchema,
        response: { 200: ZBulkDeleteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const ids = [...new Set(request.body.ids)];
      const result = await table.remove(db, ids);
      if (result.fileEntryIds.length > 0)
        await app.jobs.enqueue(PURGE_FILES_JOB, { fileEntryIds: result.fileEntryIds });
      await audit(request, { action: `${table.noun}.delete`, subject_type: table.model, subject_ids: ids });
      return {
        deleted: result.deleted,
        message: `Deleted ${result.deleted} ${result.deleted === 1 ? table.noun.slice(0, -1) : table.noun}.`,
      };
    },
  );
}

/** The admin's tracks, albums and artists tables and their bulk deletes. */
export const adminCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register(PURGE_FILES_JOB, async (payload) => {
    await app.services.fileEntries.purge(ZPurgeFilesJobSchema.parse(payload).fileEntryIds);
  });
  registerTable(app, {
    noun: 'tracks',
    model: 'track',
    page: ZAdminTrackPageSchema,
    list: adminCatalogue.tracks,
    remove: bulkDeleteTracks,
  });
  registerTable(app, {
    noun: 'albums',
    model: 'album',
    page: ZAdminAlbumPageSchema,
    list: adminCatalogue.albums,
    remove: bulkDeleteAlbums,
  });
  registerTable(app, {
    noun: 'artists',
    model: 'artist',
    page: ZAdminArtistPageSchema,
    list: adminCatalogue.artists,
    remove: bulkDeleteArtists,
  });
};
