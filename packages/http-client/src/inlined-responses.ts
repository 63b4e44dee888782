import { responseKey } from '@cadence/contracts/page-requests';

/** An answer put in the page is only as fresh as the page: after this it is fetched again. */
export const INLINED_RESPONSE_TTL_MS = 60_000;

export interface TInlinedResponses {
  /** Keeps the answers the server inlined for the first route's GETs (URL -> body). */
  prime(entries: Record<string, unknown> | undefined, now?: number): void;
  /** The inlined body for this GET, once; undefined when there is none or it is too old. */
  take(url: string, now?: number): unknown;
}

export function createInlinedResponses(): TInlinedResponses {
  const bodies = new Map<string, unknown>();
  let expiresAt = 0;
  return {
    prime(entries, now = Date.now()) {
      bodies.clear();
      for (const [url, body] of Object.entries(entries ?? {})) bodies.set(responseKey(url), body);
      expiresAt = now + INLINED_RESPONSE_TTL_MS;
    },
    take(url, now = Date.now()) {
      if (bodies.size === 0) return undefined;
      if (now > expiresAt) {
        bodies.clear();
        return undefined;
      }
      const key = responseKey(url);
      const body = bodies.get(key);
      bodies.delete(key);
      return body;
    },
  };
}

/** The browser client's store, primed by an app's entry from what the api put in its HTML. */
export const inlinedResponses: TInlinedResponses = createInlinedResponses();
