import type { TInvoice, TPrice, TProduct, TSubscription } from '@cadence/contracts/billing';
import type { PriceRow, ProductRow } from './plans.repository';
import type { InvoiceRow, SubscriptionRow } from './subscriptions.repository';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toPriceDto(row: PriceRow, subscribers?: number): TPrice {
  return {
    id: row.id,
    product_id: row.product_id,
    amount: row.amount,
    currency: row.currency,
    interval: row.interval,
    interval_count: row.interval_count,
    archived: row.archived,
    ...(subscribers === undefined ? {} : { subscriptions_count: subscribers }),
  };
}

export function toProductDto(row: ProductRow, prices: TPrice[], permissions: string[]): TProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    feature_list: row.feature_list ?? [],
    position: row.position,
    recommended: row.recommended,
    free: row.free,
    hidden: row.hidden,
    upload_minutes: row.upload_minutes,
    permissions,
    prices,
  };
}

/** Spec 3 flags: valid grants the plan now; on grace = cancelled but paid up to ends_at. */
export function subscriptionFlags(row: Pick<SubscriptionRow, 'status' | 'ends_at'>, now = new Date()) {
  const isLive = ['active', 'trialing', 'past_due'].includes(row.status);
  const isBeforeEnd = !row.ends_at || row.ends_at > now;
  const valid = isLive && isBeforeEnd;
  const onGracePeriod = valid && row.ends_at !== null;
  return { valid, active: valid, on_grace_period: onGracePeriod };
}

export function toSubscriptionDto(
  row: SubscriptionRow,
  extra: Pick<TSubscription, 'product' | 'price' | 'user'> = {},
): TSubscription {
  return {
    id: row.id,
    user_id: row.user_id,
    product_id: row.product_id,
    price_id: row.price_id,
    gateway_name: row.gateway_name,
    gateway_id: row.gateway_id,
    status: row.status,
    ...subscriptionFlags(row),
    renews_at: iso(row.renews_at),
    ends_at: iso(row.ends_at),
    created_at: row.created_at.toISOString(),
    ...extra,
  };
}

export function toInvoiceDto(row: InvoiceRow): TInvoice {
  return {
    id: row.id,
    uuid: row.uuid,
    subscription_id: row.subscription_id,
    amount: row.amount,
    currency: row.currency,
    paid: row.paid,
    period_start: iso(row.period_start),
    period_end: iso(row.period_end),
    created_at: row.created_at.toISOString(),
  };
}
