import type { FastifyPluginAsync } from 'fastify';
import { billingRoutes } from './billing.routes';
import { billingAdminRoutes } from './billing-admin.routes';
import { billingWebhookRoutes } from './billing-webhooks.routes';

/** Issue 14: the listener's billing, its admin, and the providers' webhooks (each its own scope). */
export const billingPlugin: FastifyPluginAsync = async (app) => {
  await app.register(billingRoutes);
  await app.register(billingAdminRoutes);
  await app.register(billingWebhookRoutes);
};
