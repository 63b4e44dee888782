import { fixture } from '@cadence/app-shell/test/story-helpers';
import { ZProductSchema, ZSubscriptionSchema, ZWebhookEventSchema } from '@cadence/contracts/billing';
import { STAMP } from './admin-story-fixtures';

/** A plan (`GET api/v1/billing/admin/products`), with a monthly and a yearly price when paid. */
export const storyPlan = (id: number, overrides: Record<string, unknown> = {}) =>
  fixture(ZProductSchema, {
    id,
    name: ['Free', 'Pro', 'Artist', 'Label'][id - 1] ?? `Plan ${id}`,
    description: id === 2 ? 'For listeners who want it all.' : null,
    feature_list: id === 1 ? [] : ['Unlimited skips', 'Offline listening'],
    position: id,
    recommended: id === 2,
    free: id === 1,
    hidden: id === 4,
    upload_minutes: id === 3 ? 600 : null,
    permissions: id === 3 ? ['music.create'] : [],
    prices:
      id === 1
        ? []
        : [
            {
              id: id * 10 + 1,
              product_id: id,
              amount: 999 * id,
              currency: 'EUR',
              interval: 'month',
              interval_count: 1,
              archived: false,
              subscriptions_count: 3,
            },
            {
              id: id * 10 + 2,
              product_id: id,
              amount: 9900 * id,
              currency: 'EUR',
              interval: 'year',
              interval_count: 1,
              archived: false,
              subscriptions_count: 0,
            },
          ],
    ...overrides,
  });

/** A subscription as the admin's list shows it (with its plan, price and user). */
export const storySubscription = (id: number) => {
  const plan = storyPlan(2 + (id % 2));
  const cancelled = id % 4 === 0;
  return fixture(ZSubscriptionSchema, {
    id,
    user_id: 500 + id,
    product_id: plan.id,
    price_id: plan.prices[0]?.id ?? null,
    gateway_name: (['stripe', 'paypal', 'none'] as const)[id % 3] ?? 'none',
    gateway_id: id % 3 === 2 ? null : `sub_${id}`,
    status: cancelled ? 'canceled' : 'active',
    valid: true,
    active: !cancelled,
    on_grace_period: cancelled,
    renews_at: cancelled ? null : '2026-11-01T12:00:00.000Z',
    ends_at: cancelled ? '2026-11-01T12:00:00.000Z' : null,
    created_at: STAMP,
    product: { id: plan.id, name: plan.name },
    price: plan.prices[0] ?? null,
    user: { id: 500 + id, name: `Listener ${id}`, email: `listener${id}@example.com` },
  });
};

/** A stored provider event (`GET api/v1/billing/admin/webhook-events`). */
export const storyWebhookEvent = (id: number) =>
  fixture(ZWebhookEventSchema, {
    id,
    provider: id % 2 ? 'stripe' : 'paypal',
    event_id: `evt_${1000 + id}`,
    event_type: id % 3 ? 'customer.subscription.updated' : 'invoice.paid',
    subject: `sub_${id}`,
    status: (['applied', 'pending', 'failed'] as const)[id % 3] ?? 'applied',
    attempts: id % 3 === 2 ? 4 : 1,
    last_error: id % 3 === 2 ? `No subscription sub_${id} on this site.` : null,
    received_at: STAMP,
    processed_at: id % 3 === 0 ? STAMP : null,
  });
