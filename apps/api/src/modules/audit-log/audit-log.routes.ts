import { ZAuditLogEntrySchema, ZAuditLogQuerySchema } from '@cadence/contracts/audit-log';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressReader } from '../users/address-redaction';
import { createAuditLogService } from './audit-log.service';

/** `GET api/v1/audit-log`: every admin write, newest first; admins only (logs.view). */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const auditLog = createAuditLogService({ db: app.deps.db });
  app.get(
    '/api/v1/audit-log',
    {
      config: { access: { permission: 'logs.view', signedIn: true } },
      schema: {
        tags: ['audit-log'],
        summary: 'The admin audit log (who changed what, when, before and after)',
        querystring: ZAuditLogQuerySchema,
        response: {
          200: paginationSchema(ZAuditLogEntrySchema),
          401: ZErrorEnvelopeSchema,
          403: ZErrorEnvelopeSchema,
          422: ZErrorEnvelopeSchema,
        },
      },
    },
    async (request) => auditLog.list(request.query, addressReader(request.user ?? null)),
  );
};
