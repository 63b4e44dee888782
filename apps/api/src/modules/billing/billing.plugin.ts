import type { FastifyPluginAsync } from 'fastify';
import type { JobLog, JobQueue } from '../../platform/jobs/jobs';
import { billingRoutes } from './billing.routes';
import type { BillingServices } from './billing.services';
import { billingAdminRoutes } from './billing-admin.routes';
import { billingPlanSyncRoutes } from './billing-plan-sync.routes';
import { billingWebhookRoutes } from './billing-webhooks.routes';
import { bindWebhookJob } from './webhook-job';

/**
 * Binds billing's webhook job on `jobs` (the app's queue; tests bind their own). Only the
 * in-process queue surely runs the job in this process, where an ask can join the job that waits.
 */
export function bindBillingJobs(billing: BillingServices, jobs: JobQueue, log: JobLog) {
  const job = bindWebhookJob({
    jobs,
    sweep: (asks) => billing.applyWebhookEvents(asks, log),
    joinsWaitingJob: jobs.kind === 'in-process',
  });
  billing.webhooks.useJob(job, log);
}

/** Issue 14: the listener's billing, its admin, and the providers' webhooks (each its own scope). */
export const billingPlugin: FastifyPluginAsync = async (app) => {
  const { billing } = app.services;
  const log = { error: (details: object, message: string) => app.log.error(details, message) };
  bindBillingJobs(billing, app.jobs, log);
  // Stored events not applied yet are queued again at start (the in-process queue does not survive
  // a restart); later, those a job lost are swept by the scheduled `billing-webhooks:requeue`.
  app.addHook('onReady', async () => {
    await billing.webhooks
      .requeuePending({ olderThanMs: 0 })
      .catch((error) => log.error({ err: error }, 'Re-queueing billing webhook events failed'));
  });
  await app.register(billingRoutes);
  await app.register(billingAdminRoutes);
  await app.register(billingPlanSyncRoutes);
  await app.register(billingWebhookRoutes);
};
