import { isDeepStrictEqual } from 'node:util';
import type { Kysely, Transaction } from 'kysely';
import type { Env } from '../../env';
import type { Database } from '../../platform/db/schema';
import { validationError } from '../../platform/http/app-error';
import type { Cache } from '../../platform/redis/services';
import { settingsRepository } from './settings.repository';
import { decryptSecret, encryptSecret } from './settings-crypto';
import {
  flattenSettings,
  isSettingKey,
  nestSettings,
  readEnvSetting,
  type SettingDefinition,
  type SettingKey,
  type SettingValue,
  settingDefinitions,
  settingKeys,
} from './settings-definitions';

/** Every key under this prefix is dropped on each save (settings rows and bootstrap parts). */
export const SETTINGS_CACHE_PREFIX = 'settings:';
const ROWS_CACHE_KEY = `${SETTINGS_CACHE_PREFIX}rows`;
export const SECRET_MASK = '********';

const definitions: Record<string, SettingDefinition> = settingDefinitions;

type Deps = { db: Kysely<Database>; cache: Cache; env: Env; appKey: string };

function isEmpty(value: unknown): boolean {
  return value === '' || value === false || value === null || (Array.isArray(value) && value.length === 0);
}

function isDbKey(definition: SettingDefinition): boolean {
  return !definition.env && !definition.derived;
}

export function createSettingsService({ db, cache, env, appKey }: Deps) {
  async function rows(): Promise<Record<string, string>> {
    const cached = await cache.get<Record<string, string>>(ROWS_CACHE_KEY);
    if (cached) return cached;
    const fresh = await settingsRepository.allRows(db);
    await cache.set(ROWS_CACHE_KEY, fresh, 3600);
    return fresh;
  }

  function decode(key: string, stored: string | undefined): unknown {
    const definition = definitions[key] as SettingDefinition;
    if (stored === undefined) return definition.default;
    try {
      const text = definition.scope === 'secret' ? decryptSecret(stored, appKey) : stored;
      const parsed = definition.schema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : definition.default;
    } catch {
      // A row written by hand or with another APP_KEY falls back to the default instead of failing.
      return definition.default;
    }
  }

  function derivedValue(key: string): unknown {
    if (key === 'base_url' || key === 'app_url') return env.APP_URL;
    // The storage drivers are chosen by env (get-storage.ts): the clients pick their upload strategy from these.
    if (key === 'uploads.uploads_driver') return env.UPLOADS_DISK_DRIVER;
    if (key === 'uploads.public_driver') return env.PUBLIC_DISK_DRIVER;
    if (key === 'uploads.disable_tus') return env.UPLOADS_DISABLE_TUS;
    // Features an operator turns on (design 1: shipped off): `NOTIF_SUBS_INTEGRATED=true`, `WORKSPACES_INTEGRATED=true`.
    if (key === 'notif.subs.integrated') return env.vars.NOTIF_SUBS_INTEGRATED === 'true';
    if (key === 'workspaces.integrated') return env.vars.WORKSPACES_INTEGRATED === 'true';
    return readEnvSetting(key as SettingKey, env.vars);
  }

  function resolve(key: string, stored: Record<string, string>): unknown {
    const definition = definitions[key] as SettingDefinition;
    if (definition.derived || definition.env) return derivedValue(key);
    return decode(key, stored[key]);
  }

  async function getAll(): Promise<Record<SettingKey, unknown>> {
    const stored = await rows();
    return Object.fromEntries(settingKeys().map((key) => [key, resolve(key, stored)])) as Record<
      SettingKey,
      unknown
    >;
  }

  async function get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    return resolve(key, await rows()) as SettingValue<K>;
  }

  /** Nested client settings for bootstrap data: secrets and server-only keys never included. */
  async function clientSettings(): Promise<Record<string, unknown>> {
    const stored = await rows();
    const flat = Object.fromEntries(
      settingKeys((d) => d.scope === 'client').map((key) => [key, resolve(key, stored)]),
    );
    return nestSettings(flat);
  }

  /** The admin view (settings.view): env-level keys under `server`, DB keys under `client`; secrets masked. */
  async function adminView() {
    const stored = await rows();
    const mask = (key: string, value: unknown) =>
      definitions[key]?.scope === 'secret' ? (isEmpty(value) ? '' : SECRET_MASK) : value;
    const server = Object.fromEntries(
      settingKeys((d) => Boolean(d.env) && !d.derived).map((key) => [key, mask(key, derivedValue(key))]),
    );
    const client = Object.fromEntries(
      settingKeys(isDbKey).map((key) => [key, mask(key, resolve(key, stored))]),
    );
    return { server, client: nestSettings(client) };
  }

  /**
   * Keeps changed values only, validating each against its definition, in one transaction.
   * A value equal to its default, or empty where the default is empty, deletes the row.
   */
  async function save(
    input: { server?: Record<string, unknown>; client?: Record<string, unknown> },
    /** Inside a caller's transaction: the caller drops the cache once it commits. */
    options: { trx?: Transaction<Database> } = {},
  ) {
    const stored = await rows();
    const errors: Record<string, string> = {};
    const writes: { key: string; value: unknown }[] = [];

    for (const [key, value] of Object.entries(flattenSettings(input.server ?? {}))) {
      const definition = definitions[key];
      if (!definition?.env || definition.derived) {
        errors[key] = 'Unknown setting.';
        continue;
      }
      if (value === SECRET_MASK || isDeepStrictEqual(value, derivedValue(key))) continue;
      errors[key] = `This setting is read from the ${definition.env} environment variable.`;
    }

    for (const [key, value] of Object.entries(flattenSettings(input.client ?? {}))) {
      if (!isSettingKey(key) || !isDbKey(definitions[key] as SettingDefinition)) {
        errors[key] = 'Unknown setting.';
        continue;
      }
      const definition = definitions[key] as SettingDefinition;
      if (definition.scope === 'secret' && value === SECRET_MASK) continue;
      const parsed = definition.schema.safeParse(value ?? definition.default);
      if (!parsed.success) {
        errors[key] = parsed.error.issues[0]?.message ?? 'Invalid value.';
        continue;
      }
      if (isDeepStrictEqual(parsed.data, resolve(key, stored))) continue;
      writes.push({ key, value: parsed.data });
    }

    if (Object.keys(errors).length > 0) throw validationError(errors);
    if (writes.length === 0) return { changed: [] as string[] };

    const write = async (trx: Transaction<Database>) => {
      const removals: string[] = [];
      for (const { key, value } of writes) {
        const definition = definitions[key] as SettingDefinition;
        const isDefault = isDeepStrictEqual(value, definition.default);
        if (isDefault || (isEmpty(value) && isEmpty(definition.default))) {
          removals.push(key);
          continue;
        }
        const json = JSON.stringify(value);
        const isSecret = definition.scope === 'secret';
        await settingsRepository.upsert(trx, key, isSecret ? encryptSecret(json, appKey) : json, isSecret);
      }
      await settingsRepository.remove(trx, removals);
    };
    if (options.trx) {
      await write(options.trx);
      return { changed: writes.map((entry) => entry.key) };
    }
    await db.transaction().execute(write);
    await dropCache();
    return { changed: writes.map((write) => write.key) };
  }

  async function dropCache() {
    await cache.deletePrefix(SETTINGS_CACHE_PREFIX);
  }

  /** Seeding writes rows directly (in its transaction) and calls this afterwards. */
  function encode(key: SettingKey, value: unknown): { value: string; isPrivate: boolean } {
    const definition = definitions[key] as SettingDefinition;
    const parsed = definition.schema.parse(value);
    const json = JSON.stringify(parsed);
    if (definition.scope !== 'secret') return { value: json, isPrivate: false };
    return { value: encryptSecret(json, appKey), isPrivate: true };
  }

  return { get, getAll, clientSettings, adminView, save, dropCache, encode };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
