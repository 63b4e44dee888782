import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import {
  ZAdminPlansQuerySchema,
  ZAdminSubscriptionsQuerySchema,
  ZAdminWebhookEventsQuerySchema,
  ZGrantSubscriptionInputSchema,
  ZProductAnswerSchema,
  ZProductInputSchema,
  ZProductSchema,
  ZSubscriptionAnswerSchema,
  ZSubscriptionSchema,
  ZWebhookEventAnswerSchema,
  ZWebhookEventSchema,
  ZWebhookRetryAnswerSchema,
  ZWebhookRetryInputSchema,
} from '@cadence/contracts/billing';
import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditBilling } from './billing-audit';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  409: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
  503: ZErrorEnvelopeSchema,
};
const tags = ['billing admin'];
const plans = { access: { permission: 'plans.update' as const } };
const subscriptionsAccess = { access: { permission: 'subscriptions.update' as const } };

type App = Parameters<FastifyPluginAsyncZod>[0];

/** /admin/plans, /admin/subscriptions (spec 2.12) and /admin/billing/webhooks. They work with billing off, so plans can be prepared. */
export const billingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  planListRoutes(app);
  planEditRoutes(app);
  subscriptionAdminRoutes(app);
  webhookEventRoutes(app);
};

/** /admin/plans: the list, one plan, a new plan. */
function planListRoutes(app: App) {
  const { billing } = app.services;
  app.get(
    '/api/v1/billing/admin/products',
    {
      config: plans,
      schema: {
        tags,
        summary: 'Every plan, hidden ones and archived prices included',
        querystring: ZAdminPlansQuerySchema,
        response: { 200: paginationSchema(ZProductSchema), ...errors },
      },
    },
    async (request) => {
      const data = await billing.plans.listAll(request.query.query);
      return {
        pagination: {
          data,
          current_page: 1,
          per_page: Math.max(1, data.length),
          total: data.length,
          last_page: 1,
        },
      };
    },
  );

  app.get(
    '/api/v1/billing/admin/products/:id',
    {
      config: plans,
      schema: {
        tags,
        summary: 'One plan',
        params: ZIdParamsSchema,
        response: { 200: ZProductAnswerSchema, ...errors },
      },
    },
    async (request) => ({ product: await billing.plans.get(Number(request.params.id), { isAdmin: true }) }),
  );

  app.post(
    '/api/v1/billing/admin/products',
    {
      config: plans,
      schema: {
        tags,
        summary: 'Create a plan (synced to each enabled provider)',
        body: ZProductInputSchema,
        response: { 200: ZProductAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const product = await billing.plans.save(null, request.body);
      await auditBilling(request, {
        action: 'plans.create',
        subjectType: 'plans',
        id: product.id,
        after: product,
      });
      return { product };
    },
  );
}

/** /admin/plans: edit and delete a plan. */
function planEditRoutes(app: App) {
  const { billing } = app.services;
  app.put(
    '/api/v1/billing/admin/products/:id',
    {
      config: plans,
      schema: {
        tags,
        summary: 'Update a plan (synced to each enabled provider)',
        params: ZIdParamsSchema,
        body: ZProductInputSchema,
        response: { 200: ZProductAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      const before = await billing.plans.get(id, { isAdmin: true });
      const product = await billing.plans.save(id, request.body);
      await auditBilling(request, {
        action: 'plans.update',
        subjectType: 'plans',
        id,
        before,
        after: product,
      });
      return { product };
    },
  );

  app.delete(
    '/api/v1/billing/admin/products/:id',
    {
      config: plans,
      schema: {
        tags,
        summary: 'Delete a plan without subscribers',
        params: ZIdParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      const before = await billing.plans.get(id, { isAdmin: true });
      await billing.plans.remove(id);
      await auditBilling(request, { action: 'plans.delete', subjectType: 'plans', id, before });
      return { message: 'Plan deleted' };
    },
  );
}

/** /admin/subscriptions: the list, a subscription given by hand, cancel and resume. */
function subscriptionAdminRoutes(app: App) {
  const { billing } = app.services;
  app.get(
    '/api/v1/billing/admin/subscriptions',
    {
      config: subscriptionsAccess,
      schema: {
        tags,
        summary: 'Every subscription, newest first',
        querystring: ZAdminSubscriptionsQuerySchema,
        response: { 200: paginationSchema(ZSubscriptionSchema), ...errors },
      },
    },
    async (request) => ({
      pagination: await billing.subscriptionsAdmin.list(request.query),
    }),
  );

  app.post(
    '/api/v1/billing/admin/subscriptions',
    {
      config: subscriptionsAccess,
      schema: {
        tags,
        summary: 'Grant a subscription by hand (no provider)',
        body: ZGrantSubscriptionInputSchema,
        response: { 200: ZSubscriptionAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const subscription = await billing.subscriptionsAdmin.grant(request.body);
      await auditBilling(request, {
        action: 'subscriptions.grant',
        subjectType: 'subscriptions',
        id: subscription.id,
        after: subscription,
      });
      return { subscription };
    },
  );

  for (const action of ['cancel', 'resume'] as const) {
    app.post(
      `/api/v1/billing/admin/subscriptions/:id/${action}`,
      {
        config: subscriptionsAccess,
        schema: {
          tags,
          summary: action === 'cancel' ? 'Cancel now' : 'Resume (undo a pending cancellation)',
          params: ZIdParamsSchema,
          response: { 200: ZSubscriptionAnswerSchema, ...errors },
        },
      },
      async (request) => {
        const id = Number(request.params.id);
        const subscription = await billing.subscriptionsAdmin.setCancelled(id, action === 'cancel');
        await auditBilling(request, {
          action: `subscriptions.${action}`,
          subjectType: 'subscriptions',
          id,
          after: subscription,
        });
        return { subscription };
      },
    );
  }
}

/**
 * /admin/billing/webhooks: the stored provider events, their status and a "Retry now". The same
 * permission as the subscriptions they change.
 */
function webhookEventRoutes(app: App) {
  const { billing } = app.services;
  app.get(
    '/api/v1/billing/admin/webhook-events',
    {
      config: subscriptionsAccess,
      schema: {
        tags,
        summary: 'Stored webhook events, newest first (filters: provider, status; search: event id)',
        querystring: ZAdminWebhookEventsQuerySchema,
        response: { 200: paginationSchema(ZWebhookEventSchema), ...errors },
      },
    },
    async (request) => billing.webhooks.list(request.query),
  );

  app.get(
    '/api/v1/billing/admin/webhook-events/:id',
    {
      config: subscriptionsAccess,
      schema: {
        tags,
        summary: 'One stored webhook event with its body',
        params: ZIdParamsSchema,
        response: { 200: ZWebhookEventAnswerSchema, ...errors },
      },
    },
    async (request) => ({ event: await billing.webhooks.get(Number(request.params.id)) }),
  );

  app.post(
    '/api/v1/billing/admin/webhook-events/retry',
    {
      config: subscriptionsAccess,
      schema: {
        tags,
        summary: 'Queue the selected events not applied yet now, whatever their backoff',
        body: ZWebhookRetryInputSchema,
        response: { 200: ZWebhookRetryAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { queued, skipped } = await billing.webhooks.retryNow(request.body.ids);
      await app.deps.db.transaction().execute(async (trx) => {
        for (const event of queued)
          await auditBilling(
            request,
            {
              action: 'billing_webhook_events.retry',
              subjectType: 'billing_webhook_events',
              id: event.id,
              before: {
                provider: event.gateway_name,
                event_id: event.event_id,
                attempts: event.attempts,
                last_error: event.last_error,
              },
            },
            trx,
          );
      });
      const message = queued.length === 1 ? '1 event queued again' : `${queued.length} events queued again`;
      return { message, queued: queued.length, skipped };
    },
  );
}
