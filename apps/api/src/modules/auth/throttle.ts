import { AppError } from '../../platform/http/app-error';
import type { RateLimitStore } from '../../platform/redis/services';

export type ThrottleRule = { key: string; max: number; windowMs: number };

/**
 * Counts one attempt against every rule and refuses with 429 once any is over its limit.
 * Keys are built from normalised input (lower-cased email, `request.ip` which ignores
 * X-Forwarded-For unless TRUST_PROXY), so path or header variants share one counter.
 */
export async function throttle(store: RateLimitStore, rules: ThrottleRule[]): Promise<void> {
  for (const rule of rules) {
    const hit = await store.increment(`throttle:${rule.key}`, rule.windowMs);
    if (hit.current <= rule.max) continue;
    const seconds = Math.max(1, Math.ceil(hit.ttlMs / 1000));
    const error = new AppError(
      'too_many_requests',
      `Too many attempts. Please try again in ${seconds} seconds.`,
    );
    Object.assign(error, { headers: { 'retry-after': String(seconds) } });
    throw error;
  }
}

export const MINUTE_MS = 60_000;
