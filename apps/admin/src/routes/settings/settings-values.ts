import { settingDefinition } from '@cadence/contracts/settings/catalogue';
import type { TSettingField, TSettingsSection } from '@cadence/contracts/settings/form-sections';
import type { TSettingsPayload, TSettingsResponse } from '@cadence/contracts/settings-api';
import { z } from 'zod';

export function getPath(source: unknown, key: string): unknown {
  let node = source;
  for (const segment of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

export function setPath(target: Record<string, unknown>, key: string, value: unknown): void {
  const segments = key.split('.');
  const last = segments.pop() as string;
  let node = target;
  for (const segment of segments) {
    const child = node[segment];
    if (child === null || typeof child !== 'object' || Array.isArray(child)) node[segment] = {};
    node = node[segment] as Record<string, unknown>;
  }
  node[last] = value;
}

export const isEnvKey = (data: TSettingsResponse, key: string) => Object.hasOwn(data.env, key);
export const isLocked = (data: TSettingsResponse, key: string) => data.env[key]?.is_locked === true;

/** A setting's current value: env-level keys are flat under `server`, DB keys nested under `client`. */
export function settingValue(data: TSettingsResponse, key: string): unknown {
  return isEnvKey(data, key) ? data.server[key] : getPath(data.client, key);
}

/** What the form holds for a value: lists are edited as comma-separated text. */
function toFormValue(field: TSettingField, value: unknown): unknown {
  if (field.kind === 'json') return structuredClone(value ?? null);
  if (field.kind === 'list') return Array.isArray(value) ? value.join(', ') : '';
  if (field.kind === 'switch') return Boolean(value);
  if (field.kind === 'number' || field.kind === 'bytes') return typeof value === 'number' ? value : null;
  if (field.kind === 'select') return value === null || value === undefined ? '' : String(value);
  return value ?? '';
}

function fromFormValue(field: TSettingField, value: unknown, current: unknown): unknown {
  if (field.kind === 'list')
    return String(value ?? '')
      .split(/[,\n]/)
      .map((item) => item.trim())
      .filter(Boolean);
  if (field.kind === 'select' && typeof current === 'number') return Number(value);
  if (field.kind === 'select') return value ?? '';
  return value;
}

export const allFields = (sections: TSettingsSection[]) => sections.flatMap((section) => section.fields);

export function formDefaults(data: TSettingsResponse, sections: TSettingsSection[]) {
  const values: Record<string, unknown> = {};
  for (const field of allFields(sections))
    setPath(values, field.key, toFormValue(field, settingValue(data, field.key)));
  return values;
}

/** The tab's values as the api takes them, locked env-level settings left out. */
export function toPayload(
  data: TSettingsResponse,
  sections: TSettingsSection[],
  values: Record<string, unknown>,
): TSettingsPayload {
  const payload: TSettingsPayload = { server: {}, client: {} };
  for (const field of allFields(sections)) {
    if (isLocked(data, field.key)) continue;
    const value = fromFormValue(field, getPath(values, field.key), settingValue(data, field.key));
    if (isEnvKey(data, field.key)) payload.server[field.key] = value;
    else payload.client[field.key] = value;
  }
  return payload;
}

/**
 * What the form checks for a field: the catalogue's own schema (the limits the api applies), adapted
 * where the form holds the value in another shape (lists as text, selects as strings, an emptied
 * number as null, structured values checked by the api alone).
 */
function leafSchema(field: TSettingField): z.ZodType {
  const schema = settingDefinition(field.key).schema;
  switch (field.kind) {
    case 'json':
      return z.any();
    case 'select':
      return z.string();
    case 'list':
      return z.string().max(5000);
    case 'number':
    case 'bytes':
      return schema.nullable();
    default:
      return schema;
  }
}

type TSchemaTree = { [segment: string]: TSchemaTree | z.ZodType };

function toObject(tree: TSchemaTree): z.ZodType {
  return z.looseObject(
    Object.fromEntries(
      Object.entries(tree).map(([segment, node]) => [
        segment,
        node instanceof z.ZodType ? node : toObject(node as TSchemaTree),
      ]),
    ),
  );
}

/** The tab's zod schema, nested like the form: the same limits the api checks. */
export function tabSchema(data: TSettingsResponse, sections: TSettingsSection[]) {
  const tree: TSchemaTree = {};
  for (const field of allFields(sections)) {
    const segments = field.key.split('.');
    const last = segments.pop() as string;
    let node = tree;
    for (const segment of segments) {
      const child = node[segment];
      if (!child || child instanceof z.ZodType) node[segment] = {};
      node = node[segment] as TSchemaTree;
    }
    node[last] = isLocked(data, field.key) ? z.any() : leafSchema(field);
  }
  return toObject(tree) as unknown as z.ZodType<Record<string, unknown>, Record<string, unknown>>;
}
