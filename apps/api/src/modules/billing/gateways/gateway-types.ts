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
