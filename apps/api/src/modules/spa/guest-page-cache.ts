import { randomBytes } from 'node:crypto';
import { WORKSPACE_COOKIE } from '@cadence/contracts/workspace';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../platform/http/csrf';
import { createBoundedMemo } from '../../platform/redis/bounded-memo';
import type { CatalogueCache, TServedStamp } from '../catalogue/catalogue-cache';

/**
 * What a guest's page is rendered with in place of its nonce, then cut at: each response joins the
 * pieces with its own nonce. Random per process, so no stored text can hold it.
 */
export const NONCE_SLOT = `nonce-slot-${randomBytes(12).toString('hex')}`;
/** Rendered pages kept, in bytes (an album page without its bootstrap data is a few tens of KB). */
const PAGE_BYTES = 32_000_000;

/**
 * Cookies that sign in or lead to it (`cadence_session`, `cadence_2fa`, `cadence_social...`) and
 * the workspace choice: a request with any of them is never a guest's, whatever they hold.
 */
const AUTH_COOKIES = new RegExp(`(?:^|[;,\\s])(?:cadence|${SESSION_COOKIE}|${WORKSPACE_COOKIE})`, 'i');

/**
 * A GET from nobody signed in and carrying nothing that could sign in (other cookies are fine).
 * Asked of a Fastify request, or of a raw one before Fastify (no `user`: no auth hook has run).
 */
export function isGuestRequest(
  request: Pick<FastifyRequest, 'method' | 'headers'> & Partial<Pick<FastifyRequest, 'user' | 'authVia'>>,
): boolean {
  if (request.method !== 'GET' || request.user || request.authVia) return false;
  if (request.headers.authorization !== undefined) return false;
  const cookie = request.headers.cookie;
  return cookie === undefined || !AUTH_COOKIES.test(cookie);
}

/** A page as its bytes around the bootstrap data's script, cut where the nonce goes. */
export type TSlottedPage = { before: Buffer[]; after: Buffer[]; bytes: number };

export function slotPage(before: string, after: string): TSlottedPage {
  const cut = (text: string) => text.split(NONCE_SLOT).map((part) => Buffer.from(part));
  const page = { before: cut(before), after: cut(after) };
  const bytes = [...page.before, ...page.after].reduce((sum, part) => sum + part.length, 0);
  return { ...page, bytes };
}

/**
 * The page with this response's nonce in every slot and its bootstrap data's script (its pieces,
 * in order) in the middle: one copy of every byte into the response's buffer, taken from `take`
 * when given (pooled memory of a finished answer, platform/http/response-buffers.ts).
 */
export function joinPage(
  page: TSlottedPage,
  nonce: string,
  script: Buffer | readonly Buffer[],
  take: (length: number) => Buffer = Buffer.allocUnsafe,
): Buffer {
  const nonceBytes = Buffer.from(nonce);
  const scriptParts = Buffer.isBuffer(script) ? [script] : script;
  let scriptBytes = 0;
  for (const part of scriptParts) scriptBytes += part.length;
  const slots = page.before.length + page.after.length - 2;
  const length = page.bytes + slots * nonceBytes.length + scriptBytes;
  const out = take(length);
  if (out.length !== length) throw new Error(`joinPage: given ${out.length} bytes for ${length}`);
  let at = 0;
  const put = (part: Buffer) => {
    at += part.copy(out, at);
  };
  const putSlotted = (pieces: Buffer[]) => {
    for (let index = 0; index < pieces.length; index++) {
      if (index > 0) put(nonceBytes);
      put(pieces[index] as Buffer);
    }
  };
  putSlotted(page.before);
  for (const part of scriptParts) put(part);
  putSlotted(page.after);
  return out;
}

/**
 * What a guest page is built from besides its catalogue answers: the built template, the
 * bootstrap data's generation (the settings object, one per generation: a settings, appearance,
 * menu or SEO template save makes a new one) and the guest role (one frozen object per generation).
 */
export type TPageBasis = { template: string; settings: object; guestRole: object | null };

type TEntry = TPageBasis & { page: TSlottedPage; stamps: readonly TServedStamp[] };

/**
 * The catalogue stamps a guest page may be cached under: those of every api answer it was built
 * from, when each came from the shared catalogue cache; null when any did not (a private item, a
 * search, a profile or custom page, an error) or it read none.
 */
export function pageStamps(
  hasFirstPage: boolean,
  initialStamp: TServedStamp | null | undefined,
  seoReads: readonly (TServedStamp | null)[],
): TServedStamp[] | null {
  if (hasFirstPage && !initialStamp) return null;
  if (seoReads.some((read) => read === null)) return null;
  const stamps = [...(initialStamp ? [initialStamp] : []), ...(seoReads as TServedStamp[])];
  return stamps.length > 0 ? stamps : null;
}

export type GuestPageCache = {
  /** Whether a page is kept for `key` (current or not): a cheap test before building its basis. */
  has(key: string): boolean;
  /** The page kept for `key`, when it is what rendering it now would give. */
  find(key: string, basis: TPageBasis): Promise<TSlottedPage | null>;
  store(key: string, basis: TPageBasis, stamps: readonly TServedStamp[], page: TSlottedPage): void;
};

/**
 * Rendered guest pages of the player, least recently read dropped past `budget` bytes. A page is
 * served while its template, bootstrap generation and guest role are the ones it was built with
 * and the catalogue pages its answers came from are at the same stamp (any write that changes
 * them drops the stamp, and the stamp's TTL bounds counters, as for the answers themselves).
 */
export function createGuestPageCache(catalogue: CatalogueCache, budget = PAGE_BYTES): GuestPageCache {
  const pages = createBoundedMemo<TEntry>({ budget, sizeOf: (entry) => entry.page.bytes });
  return {
    has: (key) => pages.has(key),
    async find(key, basis) {
      const entry = pages.get(key);
      if (!entry) return null;
      const isSameBasis =
        entry.template === basis.template &&
        entry.settings === basis.settings &&
        entry.guestRole === basis.guestRole;
      if (isSameBasis && (await catalogue.isCurrent(entry.stamps))) return entry.page;
      if (pages.get(key) === entry) pages.delete(key);
      return null;
    },
    store(key, basis, stamps, page) {
      pages.set(key, { ...basis, stamps, page });
    },
  };
}
