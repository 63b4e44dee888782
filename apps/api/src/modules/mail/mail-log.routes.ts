import { ZMailLogEntrySchema } from '@cadence/contracts/error-log';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { paginationSchema, ZListQuerySchema } from '@cadence/contracts/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressReader, redactAddresses } from '../users/address-redaction';
import * as mailLogRepository from './mail-log.repository';

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
      const [rows, total] = await Promise.all([
        mailLogRepository.page(db, page, perPage),
        mailLogRepository.count(db),
      ]);
      // logs.view is not users.update: the recipients (and addresses in the mails) stay hidden.
      const reader = addressReader(request.user ?? null);
      return {
        pagination: {
          data: rows.map((row) =>
            redactAddresses({ ...row, created_at: row.created_at.toISOString() }, reader),
          ),
          current_page: page,
          per_page: perPage,
          total,
          last_page: Math.max(1, Math.ceil(total / perPage)),
        },
      };
    },
  );
};
