export type TCookieReader = (name: string) => string | null;

/** Reads a cookie from `document.cookie`; null outside the browser or when absent. */
export const readDocumentCookie: TCookieReader = (name) => {
  if (typeof document === 'undefined') return null;
  return parseCookie(document.cookie, name);
};

export function parseCookie(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}
