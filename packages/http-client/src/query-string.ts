export type TQueryValue = string | number | boolean | null | undefined;
export type TQueryParams = Record<string, TQueryValue | readonly TQueryValue[]>;

/** Spec 7: on GET these relation lists travel as one comma-separated value. */
export const JOINED_GET_PARAMS = ['with', 'load', 'loadCount'] as const;

/**
 * Serialises params; null/undefined are dropped. Arrays become repeated keys (`ids=1&ids=2`)
 * except the relation lists on GET, which are joined with commas.
 */
export function buildQueryString(params: TQueryParams, method: string): string {
  const search = new URLSearchParams();
  const isGet = method === 'GET';
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (!isArray(value)) {
      search.append(key, String(value));
      continue;
    }
    const items = value.filter((item) => item !== null && item !== undefined).map(String);
    if (isGet && (JOINED_GET_PARAMS as readonly string[]).includes(key)) {
      if (items.length > 0) search.append(key, items.join(','));
      continue;
    }
    for (const item of items) search.append(key, item);
  }
  return search.toString();
}

function isArray(value: TQueryValue | readonly TQueryValue[]): value is readonly TQueryValue[] {
  return Array.isArray(value);
}

export function appendQuery(url: string, query: string): string {
  if (!query) return url;
  const hashIndex = url.indexOf('#');
  const beforeHash = hashIndex === -1 ? url : url.slice(0, hashIndex);
  const hash = hashIndex === -1 ? '' : url.slice(hashIndex);
  const separator = beforeHash.includes('?') ? '&' : '?';
  return `${beforeHash}${separator}${query}${hash}`;
}
