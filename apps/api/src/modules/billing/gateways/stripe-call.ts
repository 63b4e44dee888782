import { GatewayError } from './gateway-types';

/** A Stripe call whose failure (refused or unreachable) is a GatewayError. */
export async function stripeCall<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new GatewayError(`Stripe: ${what} failed`, error);
  }
}
