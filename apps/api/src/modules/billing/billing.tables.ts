import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  feature_list: ColumnType<string[], string | undefined, string>;
  position: Generated<number>;
  recommended: Generated<boolean>;
  free: Generated<boolean>;
  hidden: Generated<boolean>;
  upload_minutes: number | null;
  stripe_id: string | null;
  paypal_id: string | null;
  /** Made by the demo seed and not saved since: the admin is asked to replace it. */
  is_seed: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PricesTable {
  id: Generated<number>;
  product_id: number;
  amount: number;
  currency: string;
  interval: 'day' | 'month' | 'year';
  interval_count: Generated<number>;
  archived: Generated<boolean>;
  stripe_id: string | null;
  paypal_id: string | null;
  created_at: Generated<Date>;
}

export interface BillingCustomersTable {
  user_id: number;
  gateway_name: string;
  customer_id: string;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  price_id: number | null;
  gateway_name: 'stripe' | 'paypal' | 'none';
  gateway_id: string | null;
  status: string;
  renews_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface InvoicesTable {
  id: Generated<number>;
  uuid: string;
  subscription_id: number;
  gateway_id: string;
  amount: number;
  currency: string;
  paid: boolean;
  period_start: NullableTimestamp;
  period_end: NullableTimestamp;
  created_at: Generated<Date>;
}

/** A provider event as received (verified), answered at once and applied by the webhook job. */
export interface BillingWebhookEventsTable {
  /** The admin's handle on the event (generated always). */
  id: Generated<number>;
  gateway_name: string;
  event_id: string;
  event_type: Generated<string>;
  /** The provider subscription the event is about: a subscription's pending events are applied together. */
  subject: string | null;
  /** The exact body received (a Stripe event, a PayPal webhook event). */
  payload: Generated<string>;
  received_at: Generated<Date>;
  /** Null until the job applied it, in the same transaction as its effects. */
  processed_at: NullableTimestamp;
  attempts: Generated<number>;
  last_error: string | null;
}

declare module '../../platform/db/schema' {
  interface Database {
    products: ProductsTable;
    prices: PricesTable;
    billing_customers: BillingCustomersTable;
    subscriptions: SubscriptionsTable;
    invoices: InvoicesTable;
    billing_webhook_events: BillingWebhookEventsTable;
  }
}
