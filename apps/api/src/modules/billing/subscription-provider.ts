import type { TSubscription } from '@cadence/contracts/billing';
import { GENERIC_ERROR_MESSAGE } from '@cadence/contracts/error-messages';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { toPriceDto, toSubscriptionDto } from './billing-dto';
import { GatewayError, type ProviderSubscription } from './gateways/gateway-types';
import type { GatewayRegistry, Gateways } from './gateways/gateways';
import { findPrice, findPriceByGatewayId, findProduct } from './plans.repository';
import { type SubscriptionRow, updateSubscription } from './subscriptions.repository';

/** A provider that fails or cannot be reached: the spec's generic message, nothing changed here. */
export async function viaProvider<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof GatewayError) throw new AppError('unavailable', GENERIC_ERROR_MESSAGE);
    throw error;
  }
}

/** The provider of a subscription (null: one given by hand); switched off: the generic message. */
export async function providerOf(
  gateways: GatewayRegistry,
  name: SubscriptionRow['gateway_name'],
): Promise<NonNullable<Gateways[keyof Gateways]> | null> {
  if (name === 'none') return null;
  const gateway = (await gateways())[name];
  if (!gateway) throw new AppError('unavailable', GENERIC_ERROR_MESSAGE);
  return gateway;
}

/** A subscription as the contract shows it, with its plan and price. */
export async function describeSubscription(
  db: Kysely<Database>,
  row: SubscriptionRow,
): Promise<TSubscription> {
  const [product, price] = await Promise.all([
    findProduct(db, row.product_id),
    row.price_id ? findPrice(db, row.price_id) : undefined,
  ]);
  return toSubscriptionDto(row, {
    product: product ? { id: product.id, name: product.name } : undefined,
    price: price ? toPriceDto(price) : null,
  });
}

/** Writes a provider answer for a row we already hold. */
export async function keepProviderAnswer(
  db: Kysely<Database>,
  row: SubscriptionRow,
  remote: ProviderSubscription,
) {
  return db.transaction().execute(async (trx) => {
    const price =
      remote.priceGatewayId && row.gateway_name !== 'none'
        ? await findPriceByGatewayId(trx, row.gateway_name, remote.priceGatewayId)
        : undefined;
    return updateSubscription(trx, row.id, {
      status: remote.status,
      renews_at: remote.renewsAt,
      ends_at: remote.endsAt,
      updated_at: new Date(),
      ...(price ? { price_id: price.id, product_id: price.product_id } : {}),
    });
  });
}
