import { getBootstrapData, hasBootstrapData } from './bootstrap-store';
import { formatPlurals, type TransValues } from './plural';

const PLACEHOLDER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** Replaces `:name` placeholders that have a value; unknown placeholders stay as written. */
export function replacePlaceholders(line: string, values?: TransValues): string {
  if (!values) return line;
  return line.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/**
 * The line of `key` (or the key itself), its plural blocks resolved for `locale` (plural.ts), then
 * its `:placeholders` filled.
 */
export function translateWith(
  lines: Record<string, string>,
  key: string,
  values?: TransValues,
  locale = 'en',
): string {
  const line = Object.hasOwn(lines, key) ? lines[key] : undefined;
  return replacePlaceholders(formatPlurals(line || key, values, locale), values);
}

/** Translates with the active localization's lines, falling back to the key itself. */
export function trans(key: string, values?: TransValues): string {
  const i18n = hasBootstrapData() ? getBootstrapData().i18n : null;
  return translateWith(i18n?.lines ?? {}, key, values, i18n?.language);
}
