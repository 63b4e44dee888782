import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  type TReport,
  ZReportCreateSchema,
  ZReportListQuerySchema,
  ZReportPageSchema,
  ZReportResolveSchema,
  ZReportResponseSchema,
} from '@cadence/contracts/report';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/actor';
import { AppError } from '../../platform/http/app-error';
import { audit } from '../admin-catalogue/audit';
import { PURGE_FILES_JOB } from '../admin-catalogue/bulk-delete';
import { assertCanSeeEntity } from '../library/visible-entity';
import { notifyReporters } from './notify-reporter';
import { createReportsService } from './reports.service';
import { applyResolution, closeReports } from './resolve-report';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};

/** Moderation: any signed-in user reports; `reports.handle` lists and resolves. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const reports = createReportsService(db);

  app.post(
    '/api/v1/reports',
    {
      config: { access: 'user' },
      schema: {
        tags: ['reports'],
        summary: 'Report a track, album, playlist, comment or user to the moderators',
        body: ZReportCreateSchema,
        response: { 201: ZReportResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw new AppError('unauthenticated');
      const { reportable_type: type, reportable_id: id } = request.body;
      // What the reporter cannot open is a 404, as for a missing id: a report echoes nothing of it.
      await assertCanSeeEntity(db, actorOf(request), type, id);
      return reply.code(201).send({ report: await reports.create(user.id, request.body) });
    },
  );

  app.get(
    '/api/v1/reports',
    {
      config: { access: { permission: 'reports.handle' } },
      schema: {
        tags: ['reports'],
        summary: 'Reports, newest first, with the reported item',
        querystring: ZReportListQuerySchema,
        response: { 200: ZReportPageSchema, ...errors },
      },
    },
    async (request) => reports.list(request.query),
  );

  app.post(
    '/api/v1/reports/:id/resolve',
    {
      config: { access: { permission: 'reports.handle' } },
      schema: {
        tags: ['reports'],
        summary: 'Resolve a report (hide, delete or dismiss the item); every reporter of it is told',
        params: ZIdParamsSchema,
        body: ZReportResolveSchema,
        response: { 200: ZReportResponseSchema, ...errors },
      },
    },
    async (request) => {
      const admin = request.user;
      if (!admin) throw new AppError('unauthenticated');
      const report: TReport = await reports.find(request.params.id);
      if (report.status === 'resolved') throw new AppError('validation', 'This report is already resolved.');
      const { resolution } = request.body;
      const item = report.item ?? { name: `${report.reportable_type} ${report.reportable_id}`, url: null };
      const fileEntryIds = report.item
        ? await applyResolution(db, report.reportable_type, report.reportable_id, resolution)
        : [];
      if (fileEntryIds.length > 0) await app.jobs.enqueue(PURGE_FILES_JOB, { fileEntryIds });
      const reporters = await closeReports(
        db,
        report.reportable_type,
        report.reportable_id,
        resolution,
        admin.id,
      );
      await notifyReporters(app, reporters, item, resolution);
      await audit(request, {
        action: `reports.${resolution}`,
        subject_type: report.reportable_type,
        subject_ids: [report.reportable_id],
        details: { report_id: report.id },
      });
      return { report: await reports.find(report.id) };
    },
  );
};
