import { ZMailLogEntrySchema } from '@cadence/contracts/error-log';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { paginationSchema, ZListQuerySchema } from '@cadence/contracts/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Admin logs tab "outgoing-email" (spec 2.12): every mail the api sent or logged, newest first. */
export const mailLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/api/v1/logs/outgoing-email',
    {
      config: { access: { permission: 'logs.view' } },
      schema: {
        tags: ['logs'],
        summary: 'Outgoing email log',
        querystring: ZListQuerySchema,
        response: {
          200: paginationSchema(ZMailLogEntrySchema),
          401: ZErrorEnvelopeSchema,
          403: ZErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { page, perPage } = request.query;
      const [rows, count] = await Promise.all([
        db
          .selectFrom('mail_log')
          .selectAll()
          .orderBy('id', 'desc')
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
        db
          .selectFrom('mail_log')
          .select((eb) => eb.fn.countAll<string | number>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      const total = Number(count.total);
      return {
        pagination: {
          data: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
          current_page: page,
          per_page: perPage,
          total,
          last_page: Math.max(1, Math.ceil(total / perPage)),
        },
      };
    },
  );
};
