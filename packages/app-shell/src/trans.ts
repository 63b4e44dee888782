import { getBootstrapData, hasBootstrapData } from './bootstrap-store';

export type TransValues = Record<string, string | number>;

const PLACEHOLDER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** Replaces `:name` placeholders that have a value; unknown placeholders stay as written. */
export function replacePlaceholders(line: string, values?: TransValues): string {
  if (!values) return line;
  return line.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

export function translateWith(lines: Record<string, string>, key: string, values?: TransValues): string {
  const line = Object.hasOwn(lines, key) ? lines[key] : undefined;
  return replacePlaceholders(line || key, values);
}

/** Translates with the active localization's lines, falling back to the key itself. */
export function trans(key: string, values?: TransValues): string {
  const lines = hasBootstrapData() ? getBootstrapData().i18n.lines : {};
  return translateWith(lines, key, values);
}
