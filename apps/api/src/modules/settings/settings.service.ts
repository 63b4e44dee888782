import { isDeepStrictEqual } from 'node:util';
import type { Kysely, Transaction } from 'kysely';
import type { Env } from '../../env';
import type { Database } from '../../platform/db/schema';
import { validationError } from '../../platform/http/app-error';
import type { Cache } from '../../platform/redis/services';
import { createStampedMemo } from '../../platform/redis/stamped-memo';
import { recordAudit } from '../audit-log/record-audit';
import type { MailCheckContext } from './credential-checks/mail';
import * as settingsRepository from './settings.repository';
import { decryptSecret, encryptSecret } from './settings-crypto';
import {
  flattenSettings,
  isEnvSettingSet,
  isSettingKey,
  nestSettings,
  readEnvSetting,
  type SettingDefinition,
  type SettingKey,
  type SettingValue,
  settingDefinitions,
  settingKeys,
} from './settings-definitions';
import { runCredentialChecks } from './settings-validators';

/** Every key under this prefix is dropped on each save (settings rows and bootstrap parts). */
export const SETTINGS_CACHE_PREFIX = 'settings:';
/** The generation stamp of the stored rows (the rows themselves stay in each process's memory). */
const ROWS_CACHE_KEY = `${SETTINGS_CACHE_PREFIX}rows`;
export const SECRET_MASK = '********';

const definitions: Record<string, SettingDefinition> = settingDefinitions;

type Deps = {
  db: Kysely<Database>;
  cache: Cache;
  env: Env;
  appKey: string;
  /** Where the outgoing-mail check's test message is logged (the outgoing-email log). */
  recordMail?: MailCheckContext['recordMail'];
};

function isEmpty(value: unknown): boolean {
  return value === '' || value === false || value === null || (Array.isArray(value) && value.length === 0);
}

function isDbKey(definition: SettingDefinition): boolean {
  return !definition.env && !definition.derived;
}

/** Who saves: recorded in the audit log; the mail check writes to their address. */
export type SaveContext = { actorId: number | null; actorEmail?: string; ipAddress?: string | null };

export type EnvSettingInfo = { variable: string; is_locked: boolean };

export function createSettingsService({ db, cache, env, appKey, recordMail }: Deps) {
  // Env-level settings are read from their variables, checked against their definitions by env.ts.
  const variables = env.settingVars;
  // A request reads several settings (a webhook eight): each read costs one small stamp read,
  // not the whole stored map fetched from Redis and parsed again. A save drops the stamp.
  const storedRows = createStampedMemo<Readonly<Record<string, string>>>({
    cache,
    key: ROWS_CACHE_KEY,
    ttlSeconds: 3600,
    load: async () => Object.freeze(await settingsRepository.allRows(db)),
  });
  const rows = () => storedRows.get();

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
    return readEnvSetting(key as SettingKey, variables);
  }

  /** A runtime env setting is locked when its variable is set: the variable wins. */
  function isEnvSet(definition: SettingDefinition): boolean {
    return isEnvSettingSet(definition, variables);
  }

  function isStorable(definition: SettingDefinition): boolean {
    return isDbKey(definition) || (Boolean(definition.runtime) && !isEnvSet(definition));
  }

  /**
   * Decoded scalars per stored map. The memo's map is frozen and replaced, never changed, when a
   * setting is saved, so what it decodes to can be kept beside it: a secret's decryption and a
   * schema check on every read were most of what a webhook's eight settings reads cost. Objects
   * are decoded afresh (a caller may change its copy), and so is a map that is not frozen.
   */
  const decodedScalars = new WeakMap<Readonly<Record<string, string>>, Map<string, unknown>>();
  function decodeStored(key: string, stored: Readonly<Record<string, string>>): unknown {
    if (!Object.isFrozen(stored)) return decode(key, stored[key]);
    let known = decodedScalars.get(stored);
    if (!known) {
      known = new Map();
      decodedScalars.set(stored, known);
    }
    if (known.has(key)) return known.get(key);
    const value = decode(key, stored[key]);
    if (value === null || typeof value !== 'object') known.set(key, value);
    return value;
  }

  function resolve(key: string, stored: Readonly<Record<string, string>>): unknown {
    const definition = definitions[key] as SettingDefinition;
    if (definition.runtime && !isEnvSet(definition)) return decodeStored(key, stored);
    if (definition.derived || definition.env) return derivedValue(key);
    return decodeStored(key, stored);
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

  /** Several settings from one read of the stored map (a webhook's payment gateways need eight). */
  async function getMany<const K extends SettingKey>(
    keys: readonly K[],
  ): Promise<{ [P in K]: SettingValue<P> }> {
    const stored = await rows();
    return Object.fromEntries(keys.map((key) => [key, resolve(key, stored)])) as {
      [P in K]: SettingValue<P>;
    };
  }

  /** Nested client settings for bootstrap data: secrets and server-only keys never included. */
  async function clientSettings(): Promise<Record<string, unknown>> {
    const stored = await rows();
    const flat = Object.fromEntries(
      settingKeys((d) => d.scope === 'client').map((key) => [key, resolve(key, stored)]),
    );
    return nestSettings(flat);
  }

  /**
   * The admin view (settings.view): env-level keys under `server` (flat), DB keys under `client`
   * (nested); secrets masked; `env` says which variable each env-level key reads and whether it
   * is locked (set in the environment, or chosen at start).
   */
  async function adminView() {
    const stored = await rows();
    const mask = (key: string, value: unknown) =>
      definitions[key]?.scope === 'secret' ? (isEmpty(value) ? '' : SECRET_MASK) : value;
    const envKeys = settingKeys((d) => Boolean(d.env));
    const server = Object.fromEntries(envKeys.map((key) => [key, mask(key, resolve(key, stored))]));
    const envInfo: Record<string, EnvSettingInfo> = Object.fromEntries(
      envKeys.map((key) => {
        const definition = definitions[key] as SettingDefinition;
        return [key, { variable: definition.env as string, is_locked: !isStorable(definition) }];
      }),
    );
    const client = Object.fromEntries(
      settingKeys(isDbKey).map((key) => [key, mask(key, resolve(key, stored))]),
    );
    return {
      server,
      client: nestSettings(client),
      env: envInfo,
      mail: { is_setup: await isMailSetup(), is_url_override: Boolean(env.MAIL_URL) },
    };
  }

  /** Mail leaves the server (MAIL_URL, or the SMTP driver with a host): other tabs warn otherwise. */
  async function isMailSetup(): Promise<boolean> {
    if (env.MAIL_URL) return true;
    const stored = await rows();
    return resolve('mail_driver', stored) === 'smtp' && Boolean(resolve('mail_host', stored));
  }

  /**
   * Keeps changed values only, validating each against its definition, in one transaction with
   * its audit record. A value equal to its default, or empty where the default is empty, deletes
   * the row. Each group whose credentials change is checked first (settings-validators.ts):
   * a failure saves nothing.
   */
  async function save(
    input: { server?: Record<string, unknown>; client?: Record<string, unknown> },
    options: {
      /** Inside a caller's transaction: the caller audits and drops the cache once it commits. */
      trx?: Transaction<Database>;
      context?: SaveContext;
      /**
       * New credentials are tried before they are saved (the default). Code that stores known
       * values itself, such as a test setting up a fixture, may leave the checks out.
       */
      checkCredentials?: boolean;
    } = {},
  ) {
    const context = options.context ?? { actorId: null };
    const stored = await rows();
    const errors: Record<string, string> = {};
    const writes: { key: string; value: unknown }[] = [];

    const consider = (key: string, value: unknown) => {
      const definition = definitions[key] as SettingDefinition;
      if (definition.scope === 'secret' && value === SECRET_MASK) return;
      const parsed = definition.schema.safeParse(value ?? definition.default);
      if (!parsed.success) {
        errors[key] = parsed.error.issues[0]?.message ?? 'Invalid value.';
        return;
      }
      if (isDeepStrictEqual(parsed.data, resolve(key, stored))) return;
      writes.push({ key, value: parsed.data });
    };

    for (const [key, value] of Object.entries(flattenSettings(input.server ?? {}))) {
      const definition = definitions[key];
      if (!definition?.env || (definition.derived && !definition.runtime)) {
        errors[key] = 'Unknown setting.';
        continue;
      }
      if (isStorable(definition)) {
        consider(key, value);
        continue;
      }
      if (value === SECRET_MASK || isDeepStrictEqual(value, resolve(key, stored))) continue;
      errors[key] = `This setting is read from the ${definition.env} environment variable.`;
    }

    for (const [key, value] of Object.entries(flattenSettings(input.client ?? {}))) {
      if (!isSettingKey(key) || !isDbKey(definitions[key] as SettingDefinition)) {
        errors[key] = 'Unknown setting.';
        continue;
      }
      consider(key, value);
    }

    if (Object.keys(errors).length > 0) throw validationError(errors);
    if (writes.length === 0) return { changed: [] as string[] };

    if (options.checkCredentials !== false) {
      const changed = new Map(writes.map((write) => [write.key, write.value]));
      const next = (key: string) => (changed.has(key) ? changed.get(key) : resolve(key, stored));
      await runCredentialChecks(new Set(changed.keys()), next, {
        env,
        mail: () => mailCheckContext(context, next),
      });
    }

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
    await db.transaction().execute(async (trx) => {
      await write(trx);
      await recordAudit(trx, {
        actorId: context.actorId,
        action: 'settings.update',
        subjectType: 'settings',
        before: Object.fromEntries(writes.map(({ key }) => [key, resolve(key, stored)])),
        after: Object.fromEntries(writes.map(({ key, value }) => [key, value])),
        ipAddress: context.ipAddress ?? null,
      });
    });
    await dropCache();
    return { changed: writes.map((write) => write.key) };
  }

  function mailCheckContext(context: SaveContext, next: (key: string) => unknown): MailCheckContext {
    const siteName = String(next('branding.site_name'));
    const fallbackFrom = `no-reply@${new URL(env.APP_URL).hostname}`;
    const from = String(next('mail_from_address') || fallbackFrom);
    return { siteName, from, to: context.actorEmail || from, ...(recordMail ? { recordMail } : {}) };
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

  return { get, getMany, getAll, clientSettings, adminView, isMailSetup, save, dropCache, encode };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
