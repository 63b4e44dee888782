/**
 * One `Intl.NumberFormat` per locale and options, shared by every caller. Building one costs tens
 * of microseconds, and the first of a page loads the locale's number data; the api formats an
 * amount per receipt notification and the apps a count per row.
 */
const formats = new Map<string, Intl.NumberFormat>();
/** Locales and currencies come from requests and settings, so the map is bounded. */
const MOST_FORMATS = 256;

/** Throws a `RangeError` for a locale or currency Intl refuses, as `new Intl.NumberFormat` does. */
export function numberFormat(locale?: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = options ? `${locale ?? ''}|${JSON.stringify(options)}` : (locale ?? '');
  let known = formats.get(key);
  if (!known) {
    known = new Intl.NumberFormat(locale, options);
    if (formats.size >= MOST_FORMATS) formats.clear();
    formats.set(key, known);
  }
  return known;
}
