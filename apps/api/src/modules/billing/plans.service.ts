import type { TProduct, TProductInput } from '@cadence/contracts/billing';
import { ZProductInputSchema } from '@cadence/contracts/billing';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { toPriceDto, toProductDto } from './billing-dto';
import type { GatewayRegistry } from './gateways/gateways';
import { liveGateways, priceGateways, syncAllPlans, syncToProviders, unsyncedGateways } from './plan-sync';
import {
  deleteProduct,
  findProduct,
  hasAnySubscription,
  planPermissions,
  pricesOf,
  products,
  replacePlanPermissions,
  subscriberCounts,
} from './plans.repository';
import { savePlan } from './save-plan';

type Deps = { db: Kysely<Database>; gateways: GatewayRegistry };

/** Plans and their prices: what listeners and the admin see, saving, deleting, syncing to the providers. */
export function createPlansService(deps: Deps) {
  const { db } = deps;
  async function get(id: number, options: { isAdmin: boolean }): Promise<TProduct> {
    const row = await findProduct(db, id);
    if (!row || (!options.isAdmin && row.hidden)) throw new AppError('not_found');
    const [product] = await withPrices(deps, [row], options);
    return product as TProduct;
  }

  return {
    /** GET billing/products: visible plans with their live prices. */
    async listVisible(): Promise<TProduct[]> {
      return withPrices(deps, await products(db, { includeHidden: false }), { isAdmin: false });
    },

    async listAll(query?: string): Promise<TProduct[]> {
      return withPrices(deps, await products(db, { includeHidden: true, query }), { isAdmin: true });
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

    /** Every paid plan to every enabled provider: billing or a provider was just switched on. */
    syncAll: () => syncAllPlans(deps),

    /** "Sync now" in /admin/plans: this plan to every enabled provider, the plan answered with its state. */
    async syncOne(id: number): Promise<TProduct> {
      await get(id, { isAdmin: true });
      await syncToProviders(deps, id);
      return get(id, { isAdmin: true });
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;

async function withPrices(
  { db, gateways }: Deps,
  rows: Awaited<ReturnType<typeof products>>,
  options: { isAdmin: boolean },
) {
  const ids = rows.map((row) => row.id);
  const [prices, grants, registry] = await Promise.all([
    pricesOf(db, ids),
    planPermissions(db, ids),
    gateways(),
  ]);
  const live = liveGateways(registry);
  const counts = options.isAdmin
    ? await subscriberCounts(
        db,
        prices.map((price) => price.id),
      )
    : null;
  return rows.map((row) => {
    const product = toProductDto(
      row,
      prices
        .filter((price) => price.product_id === row.id && (options.isAdmin || !price.archived))
        .map((price) => ({
          ...toPriceDto(price, counts ? (counts.get(price.id) ?? 0) : undefined),
          gateways: priceGateways(price, live),
        })),
      grants.filter((grant) => grant.product_id === row.id).map((grant) => grant.name),
    );
    if (!options.isAdmin) return product;
    return { ...product, is_seed: row.is_seed, unsynced_gateways: unsyncedGateways(row, prices, live) };
  });
}
