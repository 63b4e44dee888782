import { createRequire } from 'node:module';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';

/**
 * Fastify's own key of a request's route context (`fastify/lib/symbols.js`); its `config` is the
 * route's `config`. `request.routeOptions` builds a fresh object on every read (and asks the
 * router for its version strategy): read by an `onRequest` hook of every route, that was a few
 * microseconds and an allocation per request for one field.
 */
const kRouteContext: symbol | undefined = (() => {
  try {
    const symbols = createRequire(import.meta.url)('fastify/lib/symbols.js') as { kRouteContext?: unknown };
    return typeof symbols.kRouteContext === 'symbol' ? symbols.kRouteContext : undefined;
  } catch {
    return undefined;
  }
})();

type TRouteContext = { config?: FastifyContextConfig & { url?: string; method?: string } };

/** The matched route's `config` (with Fastify's `url` and `method`), as `request.routeOptions.config`. */
export function routeConfigOf(request: FastifyRequest): TRouteContext['config'] {
  const context = kRouteContext
    ? (request as unknown as Record<symbol, TRouteContext | undefined>)[kRouteContext]
    : undefined;
  return context ? context.config : (request.routeOptions.config as TRouteContext['config']);
}
