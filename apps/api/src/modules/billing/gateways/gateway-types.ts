/** A provider's subscription reduced to what Cadence keeps: always read from the provider itself. */
export type ProviderSubscription = {
  gatewayId: string;
  /** active, trialing, past_due, canceled, incomplete... */
  status: string;
  priceGatewayId: string | null;
  renewsAt: Date | null;
  endsAt: Date | null;
  /** The Cadence user it was opened for (metadata / custom_id), when the provider carries it. */
  userId: number | null;
  customerId: string | null;
};

export type PlanForSync = {
  product: { id: number; name: string; description: string | null; gatewayId: string | null };
  prices: {
    id: number;
    amount: number;
    currency: string;
    interval: 'day' | 'month' | 'year';
    interval_count: number;
    archived: boolean;
    gatewayId: string | null;
  }[];
};

export type PlanSyncResult = { productGatewayId: string; prices: { id: number; gatewayId: string | null }[] };

/** A provider refused or could not be reached: shown as the spec's generic message, nothing lost. */
export class GatewayError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
    /** The provider's HTTP status when it answered (404: no such object), undefined when unreachable. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'GatewayError';
  }

  get isNotFound(): boolean {
    const status = this.status ?? (this.cause as { statusCode?: number } | undefined)?.statusCode;
    return status === 404 || status === 400;
  }
}

/** An invoice as a webhook event tells it, in integer minor units. */
export type InvoiceEvent = {
  gatewayId: string;
  amount: number;
  currency: string;
  paid: boolean;
  periodStart: Date | null;
  periodEnd: Date | null;
};

/** A verified webhook event: its provider id and type, and the provider subscription it is about (null: none). */
export type VerifiedEvent = { id: string; type: string; subject: string | null };

/** What a stored event asks of the webhook job: a fresh read of its subscription, an invoice to record. */
export type EventPlan = { needsState: boolean; userId?: number; invoice?: InvoiceEvent };

/** A webhook the provider did not sign, or signed too long ago (or ahead): answered 400, nothing stored. */
export class WebhookRefusedError extends Error {
  constructor(message = 'The webhook signature is not valid.') {
    super(message);
    this.name = 'WebhookRefusedError';
  }
}

/** A provider object's id, whether the event carries the object or only its id. */
export function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  const id = (value as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' ? id : null;
}
