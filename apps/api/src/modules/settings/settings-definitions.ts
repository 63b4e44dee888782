import {
  isSettingKey,
  settingKeys,
  settingsCatalogue,
  type TSettingKey,
  type TSettingValue,
} from '@cadence/contracts/settings/catalogue';
import type { TSettingDefinition } from '@cadence/contracts/settings/catalogue-helpers';

/**
 * The api's side of the settings catalogue (`@cadence/contracts/settings/catalogue`, where every
 * key, its schema, default, scope and tab are declared): reading env-level settings from their
 * variables, and nesting flat keys for bootstrap data and back.
 */
export const settingDefinitions = settingsCatalogue;
export type SettingDefinition = TSettingDefinition;
export type SettingKey = TSettingKey;
export type SettingValue<K extends SettingKey> = TSettingValue<K>;
export { isSettingKey, settingKeys };

const definitions: Record<string, SettingDefinition> = settingDefinitions;

/** Defaults of the keys that reach bootstrap data, flat. */
export function clientSettingDefaults(): Record<string, unknown> {
  return Object.fromEntries(
    settingKeys((d) => d.scope === 'client').map((key) => [key, definitions[key]?.default]),
  );
}

const booleans: Record<string, boolean> = {
  true: true,
  '1': true,
  yes: true,
  on: true,
  false: false,
  '0': false,
  no: false,
  off: false,
};

/** Env variables are strings: try the raw text, then it read as a boolean, then as a number. */
function envCandidates(raw: string): unknown[] {
  const candidates: unknown[] = [raw];
  const asBoolean = booleans[raw.toLowerCase()];
  if (asBoolean !== undefined) candidates.push(asBoolean);
  if (/^-?\d+(\.\d+)?$/.test(raw)) candidates.push(Number(raw));
  return candidates;
}

/** Whether the environment gives an env-level setting a value (it then wins over a stored one). */
export function isEnvSettingSet(
  definition: SettingDefinition,
  vars: Readonly<Record<string, string | undefined>>,
): boolean {
  return Boolean(definition.env && vars[definition.env]?.trim());
}

/** Reads an env-level setting from raw variables; unset or invalid values give the default. */
export function readEnvSetting<K extends SettingKey>(
  key: K,
  vars: Readonly<Record<string, string | undefined>>,
): SettingValue<K> {
  const definition = definitions[key] as SettingDefinition;
  const raw = definition.env ? vars[definition.env]?.trim() : undefined;
  if (raw === undefined || raw === '') return definition.default as SettingValue<K>;
  for (const candidate of envCandidates(raw)) {
    const parsed = definition.schema.safeParse(candidate);
    if (parsed.success) return parsed.data as SettingValue<K>;
  }
  return definition.default as SettingValue<K>;
}

/**
 * Picks and checks the variables of the env-level settings from the process's variables (empty
 * ones already left out): a value the setting's schema refuses is an issue naming the variable.
 */
export function validateEnvSettings(vars: Readonly<Record<string, string | undefined>>): {
  values: Record<string, string>;
  issues: string[];
} {
  const values: Record<string, string> = {};
  const issues: string[] = [];
  for (const definition of Object.values(definitions) as SettingDefinition[]) {
    const raw = definition.env ? vars[definition.env]?.trim() : undefined;
    if (!definition.env || raw === undefined || raw === '') continue;
    const candidates = envCandidates(raw);
    const results = candidates.map((candidate) => definition.schema.safeParse(candidate));
    if (results.some((result) => result.success)) values[definition.env] = raw;
    else {
      const message = results[results.length - 1]?.error?.issues[0]?.message ?? 'invalid value';
      issues.push(`${definition.env}: ${message} (got ${JSON.stringify(raw)})`);
    }
  }
  return { values, issues };
}

const unsafeSegments = new Set(['__proto__', 'prototype', 'constructor']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * 'a.b.c' -> {a: {b: {c}}}. Shallow keys are written first so a deeper key wins over a
 * scalar stored at its prefix, whatever the input order.
 */
export function nestSettings(flat: Record<string, unknown>): Record<string, unknown> {
  const nested: Record<string, unknown> = {};
  const keys = Object.keys(flat).sort((a, b) => a.split('.').length - b.split('.').length);
  for (const key of keys) {
    const segments = key.split('.');
    if (segments.some((segment) => segment === '' || unsafeSegments.has(segment))) continue;
    const last = segments.pop() as string;
    let node = nested;
    for (const segment of segments) {
      const child = node[segment];
      // Copy rather than write into an object value taken from the caller's input.
      node[segment] = isPlainObject(child) ? { ...child } : {};
      node = node[segment] as Record<string, unknown>;
    }
    node[last] = flat[key];
  }
  return nested;
}

/**
 * The inverse for submitted forms: known keys are taken whole (so JSON values such as
 * `landing` stay objects); anything else is flattened to its leaves so it can be rejected.
 */
export function flattenSettings(nested: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [segment, value] of Object.entries(nested)) {
    const key = prefix ? `${prefix}.${segment}` : segment;
    if (isSettingKey(key) || !isPlainObject(value) || Object.keys(value).length === 0) {
      flat[key] = value;
      continue;
    }
    Object.assign(flat, flattenSettings(value, key));
  }
  return flat;
}
