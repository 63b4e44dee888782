import type { ZProductInputSchema } from '@cadence/contracts/billing';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import {
  deletePrice,
  findProduct,
  hasAnySubscription,
  insertPrice,
  insertProduct,
  pricesOf,
  replacePlanPermissions,
  updatePrice,
  updateProduct,
} from './plans.repository';

/** A plan as the admin's form sends it, parsed (defaults filled in). */
export type PlanInput = ReturnType<typeof ZProductInputSchema.parse>;

/** The grants a plan row stands for: its permissions, music.create carrying its upload minutes. */
function planGrants(input: { permissions: string[]; upload_minutes: number | null }) {
  const names = new Set(input.permissions);
  if (input.upload_minutes !== null) names.add('music.create');
  return [...names].map((name) => ({
    name,
    restrictions:
      name === 'music.create' && input.upload_minutes !== null
        ? [{ name: 'minutes', value: input.upload_minutes }]
        : [],
  }));
}

/** Writes a plan (new when `id` is null), its prices and its grants in `trx`; answers its id. */
export async function savePlan(
  trx: Transaction<Database>,
  id: number | null,
  input: PlanInput,
): Promise<number> {
  const values = {
    name: input.name,
    description: input.description,
    feature_list: JSON.stringify(input.feature_list),
    position: input.position,
    recommended: input.recommended,
    free: input.free,
    hidden: input.hidden,
    upload_minutes: input.upload_minutes,
  };
  let productId: number;
  if (id === null) {
    productId = (await insertProduct(trx, { ...values, stripe_id: null, paypal_id: null })).id;
  } else {
    if (!(await findProduct(trx, id))) throw new AppError('not_found');
    await updateProduct(trx, id, { ...values, is_seed: false, updated_at: new Date() });
    productId = id;
  }
  await savePrices(trx, productId, input.prices);
  const unknown = await replacePlanPermissions(trx, productId, planGrants(input));
  if (unknown.length > 0)
    throw validationError({ permissions: [`Unknown permission: ${unknown.join(', ')}`] });
  return productId;
}

/**
 * The plan's prices as given: new ones added, changed ones updated (a changed amount is refused
 * once someone may have paid it), missing ones deleted unless someone subscribed to them.
 */
async function savePrices(trx: Transaction<Database>, productId: number, prices: PlanInput['prices']) {
  const existing = await pricesOf(trx, [productId]);
  const kept = new Set(prices.flatMap((price) => (price.id ? [price.id] : [])));
  for (const [index, price] of prices.entries()) {
    if (!price.id) {
      await insertPrice(trx, {
        ...price,
        product_id: productId,
        stripe_id: null,
        paypal_id: null,
      });
      continue;
    }
    const current = existing.find((row) => row.id === price.id);
    if (!current)
      throw validationError({ [`prices.${index}.id`]: ['This price does not belong to the plan.'] });
    const isChanged =
      current.amount !== price.amount ||
      current.currency !== price.currency ||
      current.interval !== price.interval ||
      current.interval_count !== price.interval_count;
    // Providers never change a price's amount; neither do we once someone may have paid it.
    if (isChanged && (await hasAnySubscription(trx, 'price_id', current.id)))
      throw validationError({
        [`prices.${index}.amount`]: ['Subscribers pay this price: archive it and add a new one.'],
      });
    await updatePrice(trx, current.id, {
      ...price,
      ...(isChanged ? { stripe_id: null, paypal_id: null } : {}),
    });
  }
  for (const price of existing.filter((row) => !kept.has(row.id))) {
    if (await hasAnySubscription(trx, 'price_id', price.id))
      throw validationError({
        prices: ['A price with subscribers cannot be removed: archive it instead.'],
      });
    await deletePrice(trx, price.id);
  }
}
