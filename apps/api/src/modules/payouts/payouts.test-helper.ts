import { createTestUser, type TestApp } from '../../test/test-app';

/**
 * A subscriber with one paid invoice for a month (a product and an active subscription of the
 * gateway "none"): what a payout run reads as money in. Returns the user and the invoice.
 */
export async function insertPaidSubscriber(
  t: TestApp,
  options: {
    key: string;
    amount: number;
    currency?: string;
    isBanned?: boolean;
    month: [periodStart: string, periodEnd: string];
  },
): Promise<{ userId: number; invoiceId: number }> {
  const userId = await createTestUser(t.deps, { isBanned: options.isBanned });
  const product = await t.deps.db
    .insertInto('products')
    .values({
      name: `Plan ${options.key}`,
      description: null,
      upload_minutes: null,
      stripe_id: null,
      paypal_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const subscription = await t.deps.db
    .insertInto('subscriptions')
    .values({
      user_id: userId,
      product_id: product.id,
      price_id: null,
      gateway_name: 'none',
      gateway_id: null,
      status: 'active',
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [periodStart, periodEnd] = options.month;
  const invoice = await t.deps.db
    .insertInto('invoices')
    .values({
      uuid: `inv-${options.key}`,
      subscription_id: subscription.id,
      gateway_id: `gw-${options.key}`,
      amount: options.amount,
      currency: (options.currency ?? 'eur').toLowerCase(),
      paid: true,
      period_start: `${periodStart}T00:00:00Z`,
      period_end: `${periodEnd}T00:00:00Z`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId, invoiceId: invoice.id };
}
