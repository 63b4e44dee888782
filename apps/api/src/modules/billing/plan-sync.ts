import type { TPaymentGateway } from '@cadence/contracts/billing';
import { GENERIC_ERROR_MESSAGE } from '@cadence/contracts/error-messages';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { GatewayError } from './gateways/gateway-types';
import type { GatewayRegistry, Gateways } from './gateways/gateways';
import {
  findProduct,
  type PriceRow,
  type ProductRow,
  pricesOf,
  products,
  updatePrice,
  updateProduct,
} from './plans.repository';

type Deps = { db: Kysely<Database>; gateways: GatewayRegistry };

const COLUMN = { stripe: 'stripe_id', paypal: 'paypal_id' } as const;

/** The providers switched on and given keys, by name. */
export function liveGateways(registry: Gateways): TPaymentGateway[] {
  return (['stripe', 'paypal'] as const).filter((name) => registry[name] !== null);
}

/** Providers that can take this price now: live, and holding the price's id. */
export function priceGateways(price: PriceRow, live: TPaymentGateway[]): TPaymentGateway[] {
  return live.filter((name) => Boolean(price[COLUMN[name]]));
}

/** Live providers that miss the paid plan or one of its live prices (a free plan needs none). */
export function unsyncedGateways(product: ProductRow, prices: PriceRow[], live: TPaymentGateway[]) {
  if (product.free) return [];
  const offered = prices.filter((price) => price.product_id === product.id && !price.archived);
  return live.filter((name) => !product[COLUMN[name]] || offered.some((price) => !price[COLUMN[name]]));
}

/** Pushes the plan to each enabled provider and stores their ids; a provider failure is reported, not hidden. */
export async function syncToProviders({ db, gateways }: Deps, productId: number): Promise<void> {
  const product = await findProduct(db, productId);
  if (!product || product.free) return;
  const prices = await pricesOf(db, [productId]);
  const enabled = await gateways();
  for (const gateway of [enabled.stripe, enabled.paypal]) {
    if (!gateway) continue;
    const column = COLUMN[gateway.name as TPaymentGateway];
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

/**
 * Every paid plan pushed to every enabled provider (billing or a provider switched on). Each plan
 * is tried even when one fails; the ids of those that failed are answered, their warning stays.
 */
export async function syncAllPlans(deps: Deps): Promise<{ failed: number[] }> {
  const failed: number[] = [];
  for (const product of await products(deps.db, { includeHidden: true })) {
    if (product.free) continue;
    try {
      await syncToProviders(deps, product.id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failed.push(product.id);
    }
  }
  return { failed };
}
