import type { TProduct, TProductInput } from '@cadence/contracts/billing';
import { ZProductInputSchema } from '@cadence/contracts/billing';
import { GENERIC_ERROR_MESSAGE } from '@cadence/contracts/error-messages';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import { toPriceDto, toProductDto } from './billing-dto';
import { GatewayError } from './gateways/gateway-types';
import type { GatewayRegistry } from './gateways/gateways';
import {
  deletePrice,
  deleteProduct,
  findProduct,
  hasAnySubscription,
  insertPrice,
  insertProduct,
  planPermissions,
  pricesOf,
  products,
  replacePlanPermissions,
  subscriberCounts,
  updatePrice,
  updateProduct,
} from './plans.repository';

type Deps = { db: Kysely<Database>; gateways: GatewayRegistry };

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

export function createPlansService({ db, gateways }: Deps) {
  async function withPrices(rows: Awaited<ReturnType<typeof products>>, options: { isAdmin: boolean }) {
    const ids = rows.map((row) => row.id);
    const [prices, grants] = await Promise.all([pricesOf(db, ids), planPermissions(db, ids)]);
    const counts = options.isAdmin
      ? await subscriberCounts(
          db,
          prices.map((price) => price.id),
        )
      : null;
    return rows.map((row) =>
      toProductDto(
        row,
        prices
          .filter((price) => price.product_id === row.id && (options.isAdmin || !price.archived))
          .map((price) => toPriceDto(price, counts ? (counts.get(price.id) ?? 0) : undefined)),
        grants.filter((grant) => grant.product_id === row.id).map((grant) => grant.name),
      ),
    );
  }

  /** Pushes the plan to each enabled provider and stores their ids; a provider failure is reported, not hidden. */
  async function syncToProviders(productId: number) {
    const product = await findProduct(db, productId);
    if (!product || product.free) return;
    const prices = await pricesOf(db, [productId]);
    const enabled = await gateways();
    for (const gateway of [enabled.stripe, enabled.paypal]) {
      if (!gateway) continue;
      const column = gateway.name === 'stripe' ? 'stripe_id' : 'paypal_id';
      try {
        const result = await gateway.syncPlan({
          product: {
            id: product.id,
            name: product.name,
            description: product.description,
            gatewayId: product[column],
          },
          prices: prices.map((price) => ({ ...price, gatewayId: price[column] })),
        });
        await db.transaction().execute(async (trx) => {
          await updateProduct(trx, productId, { [column]: result.productGatewayId });
          for (const price of result.prices) await updatePrice(trx, price.id, { [column]: price.gatewayId });
        });
      } catch (error) {
        if (error instanceof GatewayError) throw new AppError('unavailable', GENERIC_ERROR_MESSAGE);
        throw error;
      }
    }
  }

  return {
    /** GET billing/products: visible plans with their live prices. */
    async listVisible(): Promise<TProduct[]> {
      return withPrices(await products(db, { includeHidden: false }), { isAdmin: false });
    },

    async listAll(query?: string): Promise<TProduct[]> {
      return withPrices(await products(db, { includeHidden: true, query }), { isAdmin: true });
    },

    async get(id: number, options: { isAdmin: boolean }): Promise<TProduct> {
      const row = await findProduct(db, id);
      if (!row || (!options.isAdmin && row.hidden)) throw new AppError('not_found');
      const [product] = await withPrices([row], options);
      return product as TProduct;
    },

    async save(id: number | null, raw: TProductInput): Promise<TProduct> {
      const input = ZProductInputSchema.parse(raw);
      const savedId = await db.transaction().execute(async (trx) => {
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
          await updateProduct(trx, id, { ...values, updated_at: new Date() });
          productId = id;
        }
        const existing = await pricesOf(trx, [productId]);
        const kept = new Set(input.prices.flatMap((price) => (price.id ? [price.id] : [])));
        for (const [index, price] of input.prices.entries()) {
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
        const unknown = await replacePlanPermissions(trx, productId, planGrants(input));
        if (unknown.length > 0)
          throw validationError({ permissions: [`Unknown permission: ${unknown.join(', ')}`] });
        return productId;
      });
      await syncToProviders(savedId);
      return this.get(savedId, { isAdmin: true });
    },

    async remove(id: number): Promise<void> {
      if (await hasAnySubscription(db, 'product_id', id))
        throw new AppError('conflict', 'This plan has subscribers: hide it instead.');
      await db.transaction().execute(async (trx) => {
        await replacePlanPermissions(trx, id, []);
        await deleteProduct(trx, id);
      });
    },

    syncToProviders,
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
