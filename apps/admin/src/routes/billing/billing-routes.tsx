import { accessLoader } from '@cadence/app-shell/require-access';
import type { RouteObject } from 'react-router';

const planEdit = () => import('./plan-edit-page').then((m) => ({ Component: m.PlanEditPage }));

/** Spec 2.12 plans (new, {productId}/edit), subscriptions and the webhook events, each behind its permission. */
export const billingRoutes: RouteObject[] = [
  {
    path: 'plans',
    loader: accessLoader({ permissions: ['plans.update'] }),
    children: [
      { index: true, lazy: () => import('./plans-page').then((m) => ({ Component: m.PlansPage })) },
      { path: 'new', lazy: planEdit },
      { path: ':productId/edit', lazy: planEdit },
    ],
  },
  {
    path: 'subscriptions',
    loader: accessLoader({ permissions: ['subscriptions.update'] }),
    lazy: () => import('./subscriptions-page').then((m) => ({ Component: m.SubscriptionsPage })),
  },
  {
    path: 'billing/webhooks',
    loader: accessLoader({ permissions: ['subscriptions.update'] }),
    lazy: () => import('./webhooks-page').then((m) => ({ Component: m.WebhooksPage })),
  },
  {
    path: 'payouts',
    loader: accessLoader({ permissions: ['subscriptions.update'] }),
    lazy: () => import('../payouts/payouts-page').then((m) => ({ Component: m.PayoutsPage })),
  },
];
