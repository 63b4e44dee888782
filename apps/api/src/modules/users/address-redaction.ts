import type { AuthUser } from '../../platform/auth/auth-user';
import { can } from '../../platform/auth/can';

/** What a log shows in place of an address its reader may not see. */
export const HIDDEN_ADDRESS = '[address hidden]';

/**
 * Who reads a log that names people by address (outgoing mail, audit log, subscriptions): holders
 * of `users.update` see every address, anyone else only their own (issue 31).
 */
export type AddressReader = { canSeeAll: boolean; ownAddress: string | null };

export function addressReader(user: AuthUser | null): AddressReader {
  return {
    canSeeAll: !!user && can(user, null, 'users.update'),
    ownAddress: user?.email.toLowerCase() ?? null,
  };
}

// An address as written, or inside a URL's query (`%40`); it starts where a run of address
// characters starts, so a long run without one is scanned once, not once per character.
const ADDRESS = /(?<![\w.%+-])[\w.%+-]+(?:@|%40)[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}/g;

function isOwn(found: string, reader: AddressReader): boolean {
  if (!reader.ownAddress) return false;
  try {
    return decodeURIComponent(found).toLowerCase() === reader.ownAddress;
  } catch {
    return false;
  }
}

export function redactText(text: string, reader: AddressReader): string {
  if (reader.canSeeAll) return text;
  return text.replace(ADDRESS, (found) => (isOwn(found, reader) ? found : HIDDEN_ADDRESS));
}

/** Every string in a JSON value with the addresses the reader may not see replaced. */
export function redactAddresses<T>(value: T, reader: AddressReader): T {
  if (reader.canSeeAll) return value;
  return redact(value, reader) as T;
}

function redact(value: unknown, reader: AddressReader): unknown {
  if (typeof value === 'string') return redactText(value, reader);
  if (Array.isArray(value)) return value.map((item) => redact(item, reader));
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redact(item, reader)]));
  }
  return value;
}
