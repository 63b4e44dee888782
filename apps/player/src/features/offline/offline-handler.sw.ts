import { OFFLINE_CHANGED_MESSAGE } from './offline-keys';
import { createOfflineFetchHandler } from './offline-worker';

/**
 * Entry of `/build/offline-handler.js` (built by apps/player build/service-worker.ts and imported
 * by the Workbox worker before its own routes, so this answers first). The DOM lib types the
 * player; the few worker events used here are typed by hand.
 */
type TWorkerScope = {
  location: Location;
  caches: CacheStorage;
  fetch: typeof fetch;
  addEventListener(
    type: 'fetch',
    listener: (event: { request: Request; respondWith(response: Promise<Response>): void }) => void,
  ): void;
  addEventListener(
    type: 'message',
    listener: (event: { data: unknown; waitUntil(promise: Promise<unknown>): void }) => void,
  ): void;
  addEventListener(
    type: 'activate',
    listener: (event: { waitUntil(promise: Promise<unknown>): void }) => void,
  ): void;
};

const scope = globalThis as unknown as TWorkerScope;
const handler = createOfflineFetchHandler({
  caches: scope.caches,
  fetch: (input, init) => scope.fetch(input, init),
  origin: scope.location.origin,
});
void handler.reload();

scope.addEventListener('fetch', (event) => {
  const response = handler.respond(event.request);
  if (response) event.respondWith(response);
});
scope.addEventListener('message', (event) => {
  if (event.data === OFFLINE_CHANGED_MESSAGE) event.waitUntil(handler.reload());
});
scope.addEventListener('activate', (event) => event.waitUntil(handler.reload()));
