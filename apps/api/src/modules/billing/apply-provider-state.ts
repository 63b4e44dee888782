import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { subscriptionFlags } from './billing-dto';
import type { ProviderSubscription } from './gateways/gateway-types';
import { findPriceByGatewayId, type PriceRow, pricesByGatewayIds } from './plans.repository';
import {
  findSubscriptionByGateway,
  findUser,
  findUserIdByCustomer,
  findValidSubscription,
  insertSubscription,
  lockUser,
  type SubscriptionRow,
  updateSubscription,
  updateSubscriptionStates,
} from './subscriptions.repository';

type ProviderName = 'stripe' | 'paypal';
export type AppliedState = {
  row: SubscriptionRow | null;
  outcome: 'created' | 'updated' | 'duplicate' | 'ignored';
};

const stateOf = (price: PriceRow, remote: ProviderSubscription) => ({
  product_id: price.product_id,
  price_id: price.id,
  status: remote.status,
  renews_at: remote.renewsAt,
  ends_at: remote.endsAt,
});

/**
 * Makes our row match the provider's object (never the event's order or payload). A first
 * sighting creates the row unless the user already holds another valid subscription: then the
 * new one is refused (`duplicate`) and the caller cancels it at the provider. Given a transaction
 * (the webhook job's), every read and write runs in it; given `db`, the writes run in one of their own.
 */
export async function applyProviderState(
  db: Kysely<Database>,
  gateway: ProviderName,
  remote: ProviderSubscription,
  hint: { userId?: number } = {},
): Promise<AppliedState> {
  const price = remote.priceGatewayId
    ? await findPriceByGatewayId(db, gateway, remote.priceGatewayId)
    : undefined;
  if (!price) return { row: null, outcome: 'ignored' };
  const values = { ...stateOf(price, remote), updated_at: new Date() };
  // A row we hold (the webhook job's usual case) is updated under its own row lock.
  if (db.isTransaction) {
    const held = await findSubscriptionByGateway(db, gateway, remote.gatewayId);
    if (held) return { row: await updateSubscription(db, held.id, values), outcome: 'updated' };
  }
  const customerUser = remote.customerId
    ? await findUserIdByCustomer(db, gateway, remote.customerId)
    : undefined;
  const userId = hint.userId ?? customerUser?.user_id ?? remote.userId;
  if (!userId || !(await findUser(db, userId))) return { row: null, outcome: 'ignored' };
  const write = async (trx: Transaction<Database>): Promise<AppliedState> => {
    await lockUser(trx, userId);
    const existing = await findSubscriptionByGateway(trx, gateway, remote.gatewayId);
    if (existing) return { row: await updateSubscription(trx, existing.id, values), outcome: 'updated' };
    if (!subscriptionFlags({ status: remote.status, ends_at: remote.endsAt }).valid)
      return { row: null, outcome: 'ignored' };
    const other = await findValidSubscription(trx, userId);
    if (other) return { row: other, outcome: 'duplicate' };
    const row = await insertSubscription(trx, {
      ...values,
      user_id: userId,
      gateway_name: gateway,
      gateway_id: remote.gatewayId,
    });
    return { row, outcome: 'created' };
  };
  return db.isTransaction ? write(db as Transaction<Database>) : db.transaction().execute(write);
}

/**
 * applyProviderState for the webhook sweep's subscriptions of one provider: their prices read by
 * one statement and the rows we hold (`held`, locked by the caller) updated by one; a first
 * sighting takes applyProviderState's own path. Answers in the order of `items`.
 */
export async function applyProviderStates(
  trx: Transaction<Database>,
  gateway: ProviderName,
  items: { remote: ProviderSubscription; userId?: number }[],
  held: Map<string, SubscriptionRow>,
): Promise<AppliedState[]> {
  const priceIds = [...new Set(items.flatMap(({ remote }) => remote.priceGatewayId ?? []))];
  const prices = new Map(
    (await pricesByGatewayIds(trx, gateway, priceIds)).map((price) => [
      gateway === 'stripe' ? price.stripe_id : price.paypal_id,
      price,
    ]),
  );
  const priceOf = (remote: ProviderSubscription) =>
    remote.priceGatewayId ? prices.get(remote.priceGatewayId) : undefined;
  // One state per held row (the last item wins if a subscription came twice).
  const states = new Map<number, Parameters<typeof updateSubscriptionStates>[1][number]>();
  for (const { remote } of items) {
    const price = priceOf(remote);
    const row = held.get(remote.gatewayId);
    if (price && row) states.set(row.id, { id: row.id, ...stateOf(price, remote) });
  }
  for (const updated of await updateSubscriptionStates(trx, [...states.values()]))
    held.set(String(updated.gateway_id), updated);
  const out: AppliedState[] = [];
  for (const { remote, userId } of items) {
    const row = held.get(remote.gatewayId);
    if (!priceOf(remote)) out.push({ row: null, outcome: 'ignored' });
    else if (row && states.has(row.id)) out.push({ row, outcome: 'updated' });
    else out.push(await applyProviderState(trx, gateway, remote, userId === undefined ? {} : { userId }));
  }
  return out;
}
