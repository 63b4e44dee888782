import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimitStore } from '../redis/services';

/** Adapts our store (Redis or in-process) to @fastify/rate-limit's callback interface. */
function storeCtorFor(store: RateLimitStore): FastifyRateLimitStoreCtor {
  class AdaptedStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'global:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      store.increment(this.prefix + key, timeWindow).then(
        (hit) => callback(null, { current: hit.current, ttl: hit.ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: { method?: unknown; url?: string }) {
      const route = `${String(routeOptions.method ?? '')}${routeOptions.url ?? ''}:`;
      return new AdaptedStore(undefined, route);
    }
  }
  return AdaptedStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * The apps' hashed build files (the player's /assets/, admin's and backstage's): static bytes a
 * page load fetches by the dozen. Counting them against the per-address limit would lock out an
 * office or a school behind one address after a few page loads; the limit is for the api.
 */
const BUILD_ASSET = /^\/(?:admin\/|backstage\/)?assets\//;

export function isUnlimited(url: string): boolean {
  return url === '/health' || url === '/ready' || BUILD_ASSET.test(url);
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { store: RateLimitStore; max: number }) => {
    await app.register(rateLimit, {
      global: true,
      max: options.max,
      timeWindow: 60_000,
      store: storeCtorFor(options.store),
      // A Redis outage must not turn every request into an error: limits pause until it returns.
      skipOnError: true,
      allowList: (request) => isUnlimited(request.url),
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        message: 'Too many requests. Please try again later.',
      }),
    });
  },
  { name: 'rate-limit' },
);
