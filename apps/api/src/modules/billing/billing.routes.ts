import {
  ZBillingOverviewSchema,
  ZCheckoutInputSchema,
  ZInvoiceAnswerSchema,
  ZInvoiceParamsSchema,
  ZPaypalDoneInputSchema,
  ZPlanChangePreviewSchema,
  ZProductAnswerSchema,
  ZProductSchema,
  ZRedirectSchema,
  ZSetupDoneInputSchema,
  ZStripeDoneInputSchema,
  ZSubscriptionAnswerSchema,
} from '@cadence/contracts/billing';
import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/access';
import { can } from '../../platform/auth/can';
import { AppError } from '../../platform/http/app-error';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  409: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
  503: ZErrorEnvelopeSchema,
};
const tags = ['billing'];
const buyer = (request: Parameters<typeof requireUser>[0]) => {
  const user = requireUser(request);
  return { id: user.id, email: user.email, name: user.name || user.email };
};

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The listener's side of billing (spec 2.8): all of it is 404 while billing is switched off. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { billing } = app.services;

  app.addHook('onRequest', async () => {
    if (!(await billing.isEnabled())) throw new AppError('not_found');
  });

  planRoutes(app);
  checkoutRoutes(app);
  subscriptionRoutes(app);
  planChangeRoutes(app);
};

/** The plans and their prices. */
function planRoutes(app: App) {
  const { billing } = app.services;
  app.get(
    '/api/v1/billing/products',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Visible plans with their prices',
        response: { 200: paginationSchema(ZProductSchema), ...errors },
      },
    },
    async () => {
      const data = await billing.plans.listVisible();
      return {
        pagination: { data, current_page: 1, per_page: data.length, total: data.length, last_page: 1 },
      };
    },
  );

  app.get(
    '/api/v1/billing/products/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One visible plan',
        params: ZIdParamsSchema,
        response: { 200: ZProductAnswerSchema, ...errors },
      },
    },
    async (request) => ({ product: await billing.plans.get(Number(request.params.id), { isAdmin: false }) }),
  );
}

/** Checkout with each provider, and its done pages. */
function checkoutRoutes(app: App) {
  const { billing } = app.services;
  for (const gateway of ['stripe', 'paypal'] as const) {
    app.post(
      `/api/v1/billing/checkout/${gateway}`,
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: `Start a ${gateway} checkout`,
          body: ZCheckoutInputSchema,
          response: { 200: ZRedirectSchema, ...errors },
        },
      },
      async (request) => {
        const { product_id, price_id } = request.body;
        const user = buyer(request);
        return gateway === 'stripe'
          ? billing.checkout.startStripe(user, product_id, price_id)
          : billing.checkout.startPaypal(user, product_id, price_id);
      },
    );
  }

  app.post(
    '/api/v1/billing/checkout/stripe/done',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Confirm a card checkout with Stripe',
        body: ZStripeDoneInputSchema,
        response: { 200: ZSubscriptionAnswerSchema, ...errors },
      },
    },
    async (request) => ({ subscription: await billing.checkout.confirmStripe(buyer(request), request.body) }),
  );

  app.post(
    '/api/v1/billing/checkout/paypal/done',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Confirm a PayPal subscription',
        body: ZPaypalDoneInputSchema,
        response: { 200: ZSubscriptionAnswerSchema, ...errors },
      },
    },
    async (request) => ({ subscription: await billing.checkout.confirmPaypal(buyer(request), request.body) }),
  );
}

/** The listener's subscription: overview, cancel, renew, plan change preview. */
function subscriptionRoutes(app: App) {
  const { billing } = app.services;
  app.get(
    '/api/v1/billing/subscription',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Current plan, payment method and invoices',
        response: { 200: ZBillingOverviewSchema, ...errors },
      },
    },
    async (request) => billing.subscriptions.overview(requireUser(request).id),
  );

  app.post(
    '/api/v1/billing/subscription/cancel',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Cancel at the end of the paid period',
        response: { 200: ZSubscriptionAnswerSchema, ...errors },
      },
    },
    async (request) => ({ subscription: await billing.subscriptions.cancel(requireUser(request).id) }),
  );

  app.post(
    '/api/v1/billing/subscription/renew',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Undo a pending cancellation',
        response: { 200: ZSubscriptionAnswerSchema, ...errors },
      },
    },
    async (request) => ({ subscription: await billing.subscriptions.renew(requireUser(request).id) }),
  );

  app.post(
    '/api/v1/billing/subscription/change-plan/preview',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'What a plan change charges now (prorated)',
        body: ZCheckoutInputSchema,
        response: { 200: ZPlanChangePreviewSchema, ...errors },
      },
    },
    async (request) =>
      billing.subscriptions.previewChange(
        requireUser(request).id,
        request.body.product_id,
        request.body.price_id,
      ),
  );
}

/** Plan change, payment method change and invoices. */
function planChangeRoutes(app: App) {
  const { billing } = app.services;
  app.post(
    '/api/v1/billing/subscription/change-plan',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Change plan (prorated)',
        body: ZCheckoutInputSchema,
        response: { 200: ZSubscriptionAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      subscription: await billing.subscriptions.changePlan(
        requireUser(request).id,
        request.body.product_id,
        request.body.price_id,
      ),
    }),
  );

  app.post(
    '/api/v1/billing/payment-method',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Start changing the card at the provider's page",
        response: { 200: ZRedirectSchema, ...errors },
      },
    },
    async (request) => billing.subscriptions.startPaymentMethodChange(requireUser(request).id),
  );

  app.post(
    '/api/v1/billing/payment-method/done',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Confirm the new card with the provider',
        body: ZSetupDoneInputSchema,
        response: { 200: ZBillingOverviewSchema, ...errors },
      },
    },
    async (request) =>
      billing.subscriptions.finishPaymentMethodChange(requireUser(request).id, request.body.session_id),
  );

  app.get(
    '/api/v1/billing/invoices/:uuid',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'One invoice (the printable receipt)',
        params: ZInvoiceParamsSchema,
        response: { 200: ZInvoiceAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return billing.subscriptions.invoice(user.id, request.params.uuid, can(user, null, 'invoices.view'));
    },
  );
}
