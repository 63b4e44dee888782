import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  ZAdRevenueAnswerSchema,
  ZAdRevenueInputSchema,
  ZMarkPayoutsPaidAnswerSchema,
  ZMarkPayoutsPaidSchema,
  ZPayoutCsvSchema,
  ZPayoutRefundAnswerSchema,
  ZPayoutRefundInputSchema,
  ZPayoutRunAnswerSchema,
  ZPayoutRunDetailSchema,
  ZPayoutRunIdParamsSchema,
  ZPayoutRunListSchema,
  ZStartPayoutRunSchema,
} from '@cadence/contracts/payouts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error';
import { recordAudit } from '../audit-log/record-audit';
import { payoutSettingsOf } from './payout-settings';
import { createPayoutsService, type TRunActor } from './payouts.service';
import { enqueuePayoutRun, PAYOUT_RUN_JOB, runIdOf } from './payouts-job';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  409: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};
const tags = ['payouts admin'];
/** Payouts move the subscribers' money: the same permission as managing subscriptions. */
const config = { access: { permission: 'subscriptions.update' as const } };

/** The admin's writes outside a run (ad revenue, refunds) leave an audit row, after they commit. */
const audit = (
  request: FastifyRequest,
  action: string,
  subjectType: string,
  subjectId: string | number,
  after: unknown,
) =>
  recordAudit(request.server.deps.db, {
    actorId: request.user?.id ?? null,
    action,
    subjectType,
    subjectId,
    after,
    ipAddress: request.ip,
  });

/** Who acts on a run: the service records it in the audit log, in the action's transaction. */
const actorOf = (request: FastifyRequest): TRunActor => {
  const user = request.user;
  if (!user) throw new AppError('unauthenticated');
  return { actorId: user.id, ipAddress: request.ip };
};

/** Issue 39: the admin's monthly payouts runs (start, review, close, export, mark paid). */
export const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const payouts = createPayoutsService(app.deps.db, payoutSettingsOf(app.services.settings), undefined, {
    onRetry: ({ runId, attempt, error }) =>
      app.log.warn({ err: error, runId, attempt }, 'Payouts run hit a transient failure: trying again'),
  });
  // The job retries transient failures itself (computeRun) and never throws for a run that
  // failed: the run says why in words, the log keeps the database's own, and the admin retries
  // it. Two jobs of one run (a start-up's recovery beside a BullMQ stalled retry) meet its
  // period's lock.
  app.jobs.register(PAYOUT_RUN_JOB, async (payload) => {
    const runId = runIdOf(payload);
    const done = await payouts.computeRun(runId);
    if (done.outcome === 'failed')
      app.log.error({ err: done.error, runId, attempts: done.attempts }, 'Payouts run failed');
  });
  const computeLater = (runId: number) => enqueuePayoutRun(app.jobs, runId);
  // A run left computing by a process that died is computed again (or, interrupted too often,
  // marked failed); the server starts even when that check cannot run.
  app.addHook('onReady', async () => {
    try {
      for (const runId of await payouts.recoverInterrupted()) await computeLater(runId);
    } catch (error) {
      app.log.error({ err: error }, 'Payouts runs left computing could not be recovered');
    }
  });

  app.get(
    '/api/v1/admin/payouts/runs',
    {
      config,
      schema: { tags, summary: 'Every payouts run', response: { 200: ZPayoutRunListSchema, ...errors } },
    },
    async () => ({ runs: await payouts.list() }),
  );

  app.post(
    '/api/v1/admin/payouts/runs',
    {
      config,
      schema: {
        tags,
        summary:
          'Start the run of an ended period (one per period and currency): answered at once, computing; a job moves it to review or failed',
        body: ZStartPayoutRunSchema,
        response: { 202: ZPayoutRunAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const run = await payouts.start(request.body, actorOf(request));
      await computeLater(run.id);
      return reply.code(202).send({ run });
    },
  );

  app.get(
    '/api/v1/admin/payouts/runs/:id',
    {
      config,
      schema: {
        tags,
        summary: 'A run with each artist: user-centric figure, pro rata figure, payout, roll-over',
        params: ZPayoutRunIdParamsSchema,
        response: { 200: ZPayoutRunDetailSchema, ...errors },
      },
    },
    async (request) => payouts.detail(request.params.id),
  );

  app.post(
    '/api/v1/admin/payouts/runs/:id/recompute',
    {
      config,
      schema: {
        tags,
        summary:
          'Compute a run in review again, or retry a failed one: answered at once, computing (a closed period: 409)',
        params: ZPayoutRunIdParamsSchema,
        response: { 202: ZPayoutRunAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const run = await payouts.recompute(request.params.id, actorOf(request));
      await computeLater(run.id);
      return reply.code(202).send({ run });
    },
  );

  app.post(
    '/api/v1/admin/payouts/runs/:id/close',
    {
      config,
      schema: {
        tags,
        summary: 'Close a run: its money is booked in the ledger and the period is final',
        params: ZPayoutRunIdParamsSchema,
        response: { 200: ZPayoutRunAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const run = await payouts.close(request.params.id, actorOf(request));
      return { run };
    },
  );

  app.post(
    '/api/v1/admin/payouts/runs/:id/paid',
    {
      config,
      schema: {
        tags,
        summary: "Mark a closed run's payouts paid (ledger entries)",
        params: ZPayoutRunIdParamsSchema,
        body: ZMarkPayoutsPaidSchema,
        response: { 200: ZMarkPayoutsPaidAnswerSchema, ...errors },
      },
    },
    async (request) => {
      return payouts.markPaid(request.params.id, request.body.artist_ids, actorOf(request));
    },
  );

  app.get(
    '/api/v1/admin/payouts/runs/:id/export',
    {
      config,
      schema: {
        tags,
        summary: 'The payout file (CSV)',
        params: ZPayoutRunIdParamsSchema,
        response: { 200: ZPayoutCsvSchema, ...errors },
      },
    },
    async (request, reply) => {
      const file = await payouts.exportCsv(request.params.id, actorOf(request));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );

  app.put(
    '/api/v1/admin/payouts/ad-revenue',
    {
      config,
      schema: {
        tags,
        summary: "A period's ad revenue (split pro rata over free listening)",
        body: ZAdRevenueInputSchema,
        response: { 200: ZAdRevenueAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const answer = await payouts.setAdRevenue(request.body);
      await audit(request, 'payouts.ad_revenue', 'payout_period', answer.period, answer);
      return answer;
    },
  );

  app.post(
    '/api/v1/admin/payouts/refunds',
    {
      config,
      schema: {
        tags,
        summary: 'A refunded invoice: left out of an open period, adjusted in the next after close',
        body: ZPayoutRefundInputSchema,
        response: { 201: ZPayoutRefundAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await payouts.recordRefund(request.body);
      await audit(request, 'payouts.refund', 'invoice', answer.invoice_id, answer);
      return reply.code(201).send(answer);
    },
  );
};
