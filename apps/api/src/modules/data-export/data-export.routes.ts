import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZDataExportResponseSchema } from '@cadence/contracts/data-export';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/access';

const errors = { 401: ZErrorEnvelopeSchema, 403: ZErrorEnvelopeSchema, 404: ZErrorEnvelopeSchema };
const tags = ['account'];

/** Issue 37: account settings' "Download your data". */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dataExports } = app.services;
  const log = { error: (details: object, message: string) => app.log.error(details, message) };
  dataExports.bindJobs(app.jobs, log);
  app.addHook('onReady', async () => {
    await dataExports
      .requeuePending()
      .catch((error) => log.error({ err: error }, 'Re-queueing data exports failed'));
  });

  app.get(
    '/api/v1/account/data-export',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Your latest data archive and its state',
        response: { 200: ZDataExportResponseSchema, ...errors },
      },
    },
    async (request) => ({ export: await dataExports.latest(requireUser(request).id) }),
  );

  app.post(
    '/api/v1/account/data-export',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Ask for an archive of your data (built in the background; you are notified with the link)',
        response: { 200: ZDataExportResponseSchema, ...errors },
      },
    },
    async (request) => ({ export: await dataExports.request(requireUser(request).id) }),
  );

  app.get(
    '/api/v1/account/data-export/:id/download',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Download your data archive (a zip) while its link lasts',
        params: ZIdParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const archive = await dataExports.download(requireUser(request).id, request.params.id);
      const day = archive.createdAt.toISOString().slice(0, 10);
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="cadence-data-${day}.zip"`)
        .header('cache-control', 'private, no-store');
      if (archive.size !== null) reply.header('content-length', archive.size);
      // The archive is bytes, not the JSON the error schemas describe.
      return (reply as FastifyReply).send(archive.stream);
    },
  );
};
