import {
  ZErrorLogDownloadLinkSchema,
  ZErrorLogEntrySchema,
  ZErrorLogTextSchema,
} from '@cadence/contracts/error-log';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { paginationSchema, ZListQuerySchema } from '@cadence/contracts/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const DOWNLOAD_PATH = '/api/v1/logs/error/download';

function downloadFileName(now = new Date()): string {
  return `cadence-errors-${now.toISOString().slice(0, 10)}.log`;
}

const denied = { 401: ZErrorEnvelopeSchema, 403: ZErrorEnvelopeSchema };

/** Admin logs tab "error" (spec 2.12): server faults with their request id, newest first. */
export const errorLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { errorLog } = app.services;

  app.get(
    '/api/v1/logs/error',
    {
      config: { access: { permission: 'logs.view' } },
      schema: {
        tags: ['logs'],
        summary: 'Error log',
        querystring: ZListQuerySchema,
        response: { 200: paginationSchema(ZErrorLogEntrySchema), ...denied },
      },
    },
    async (request) => ({ pagination: await errorLog.list(request.query.page, request.query.perPage) }),
  );

  app.get(
    '/api/v1/logs/error/download-latest',
    {
      config: { access: { permission: 'logs.view' } },
      schema: {
        tags: ['logs'],
        summary: 'A download link for the latest errors',
        response: { 200: ZErrorLogDownloadLinkSchema, ...denied },
      },
    },
    async () => ({ download_url: `${app.deps.env.APP_URL}${DOWNLOAD_PATH}`, file_name: downloadFileName() }),
  );

  app.get(
    DOWNLOAD_PATH,
    {
      config: { access: { permission: 'logs.view' } },
      schema: {
        tags: ['logs'],
        summary: 'The latest errors as a text file',
        response: { 200: ZErrorLogTextSchema, ...denied },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-disposition', `attachment; filename="${downloadFileName()}"`)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(await errorLog.latestAsText()),
  );
};
