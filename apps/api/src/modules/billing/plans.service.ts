import type { TProduct, TProductInput } from '@cadence/contracts/billing';
import { ZProductInputSchema } from '@cadence/contracts/billing';
import { GENERIC_ERROR_MESSAGE } from '@cadence/contracts/error-messages';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { toPriceDto, toProductDto } from './billing-dto';
import { GatewayError } from './gateways/gateway-types';
import type { GatewayRegistry } from './gateways/gateways';
import {
  deleteProduct,
  findProduct,
  hasAnySubscription,
  planPermissions,
  pricesOf,
  products,
  replacePlanPermissions,
  subscriberCounts,
  updatePrice,
  updateProduct,
} from './plans.repository';
import { savePlan } from './save-plan';

type Deps = { db: Kysely<Database>; gateways: GatewayRegistry };

/** Plans and their prices: what listeners and the admin see, saving, deleting, syncing to the providers. */
export function createPlansService(deps: Deps) {
  const { db } = deps;
  async function get(id: number, options: { isAdmin: boolean }): Promise<TProduct> {
    const row = await findProduct(db, id);
    if (!row || (!options.isAdmin && row.hidden)) throw new AppError('not_found');
    const [product] = await withPrices(db, [row], options);
    return product as TProduct;
  }

  return {
    /** GET billing/products: visible plans with their live prices. */
    async listVisible(): Promise<TProduct[]> {
      return withPrices(db, await products(db, { includeHidden: false }), { isAdmin: false });
    },

    async listAll(query?: string): Promise<TProduct[]> {
      return withPrices(db, await products(db, { includeHidden: true, query }), { isAdmin: true });
    },

    get,

    async save(id: number | null, raw: TProductInput): Promise<TProduct> {
      const input = ZProductInputSchema.parse(raw);
      const savedId = await db.transaction().execute((trx) => savePlan(trx, id, input));
      await syncToProviders(deps, savedId);
      return get(savedId, { isAdmin: true });
    },

    async remove(id: number): Promise<void> {
      if (await hasAnySubscription(db, 'product_id', id))
        throw new AppError('conflict', 'This plan has subscribers: hide it instead.');
      await db.transaction().execute(async (trx) => {
        await replacePlanPermissions(trx, id, []);
        await deleteProduct(trx, id);
      });
    },

    syncToProviders: (productId: number) => syncToProviders(deps, productId),
  };
}

export type PlansService = ReturnType<typeof createPlansService>;

async function withPrices(
  db: Kysely<Database>,
  rows: Awaited<ReturnType<typeof products>>,
  options: { isAdmin: boolean },
) {
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
async function syncToProviders({ db, gateways }: Deps, productId: number) {
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
