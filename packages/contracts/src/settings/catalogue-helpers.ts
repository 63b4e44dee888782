import { z } from 'zod';
import { lazySchema } from '../lazy-schema';

/**
 * The building blocks of the settings catalogue (catalogue.ts): what a setting is and the
 * constructors that give each kind of value its schema, so a limit is written once.
 */
export type TSettingsTab =
  | 'general'
  | 'subscriptions'
  | 'localization'
  | 'authentication'
  | 'uploading'
  | 'outgoing-email'
  | 'cache'
  | 'analytics'
  | 'logging'
  | 'queue'
  | 'websockets'
  | 'recaptcha'
  | 'gdpr'
  | 'search'
  | 'providers'
  | 'player'
  | 'appearance'
  | 'ads'
  | 'internal';

export type TSettingScope = 'client' | 'secret' | 'server';

export interface TSettingDefinition<S extends z.ZodType = z.ZodType> {
  tab: TSettingsTab;
  /** Validates a stored or submitted value. */
  schema: S;
  default: z.infer<S>;
  /** client: in bootstrap data; secret: encrypted, never leaves the api; server: api-only, not secret. */
  scope: TSettingScope;
  /** Env-level setting: the variable it is read from (`mail_host` = `MAIL_HOST`), never the DB. */
  env?: string;
  /** Read-only, computed by the api from env and config; the default is a placeholder. */
  derived?: true;
  /**
   * Env-level but read at each use (the mailer, the site name): when its variable is unset, the
   * admin may store it (secrets encrypted) and every replica reads it from the database. A set
   * variable wins and the setting is read-only. Other env-level settings are chosen at start.
   */
  runtime?: true;
}

interface Options {
  scope?: TSettingScope;
  env?: string;
  derived?: true;
  runtime?: true;
}

export function setting<S extends z.ZodType>(
  tab: TSettingsTab,
  schema: S,
  defaultValue: z.infer<S>,
  options: Options = {},
): TSettingDefinition<S> {
  const definition: TSettingDefinition<S> = {
    tab,
    schema,
    default: defaultValue,
    scope: options.scope ?? 'client',
  };
  if (options.env) definition.env = options.env;
  if (options.derived) definition.derived = true;
  if (options.runtime) definition.runtime = true;
  return definition;
}

export const bool = (tab: TSettingsTab, value: boolean, options?: Options) =>
  setting(
    tab,
    lazySchema(() => z.boolean()),
    value,
    options,
  );
/** Longest text a setting takes unless it says otherwise (HTML and custom code take more). */
export const SETTING_TEXT_MAX = 1000;
export const maxText = (max: number) => z.string().max(max);
export const text = (tab: TSettingsTab, value: string, options?: Options, max = SETTING_TEXT_MAX) =>
  setting(
    tab,
    lazySchema(() => maxText(max)),
    value,
    options,
  );
export const list = (max: number) => z.array(lazySchema(() => z.string().trim().min(1).max(100))).max(max);
export const oneOf = <const T extends readonly [string, ...string[]]>(
  tab: TSettingsTab,
  values: T,
  value: T[number],
  options?: Options,
) =>
  setting(
    tab,
    lazySchema(() => z.enum(values)),
    value,
    options,
  );
export const bytes = lazySchema(() => z.int().min(0));
export const derived = <S extends z.ZodType>(tab: TSettingsTab, schema: S, placeholder: z.infer<S>) =>
  setting(tab, schema, placeholder, { derived: true });

/** Env-level settings take their key from the lower-cased variable name (design section 1). */
export function env<S extends z.ZodType>(
  tab: TSettingsTab,
  key: string,
  schema: S,
  defaultValue: z.infer<S>,
  scope: 'server' | 'secret' = 'server',
  runtime = false,
): TSettingDefinition<S> {
  return setting(tab, schema, defaultValue, {
    scope,
    env: key.toUpperCase(),
    ...(runtime ? { runtime: true as const } : {}),
  });
}
export const envText = (tab: TSettingsTab, key: string) =>
  env(
    tab,
    key,
    lazySchema(() => maxText(SETTING_TEXT_MAX)),
    '',
  );
export const envSecret = (tab: TSettingsTab, key: string) =>
  env(
    tab,
    key,
    lazySchema(() => maxText(SETTING_TEXT_MAX)),
    '',
    'secret',
  );
/**
 * Payment and social-login credentials: read at each use (the gateway registry, the social
 * routes), so storable by the admin when their variable is unset, and checked before saving.
 */
export const liveText = (tab: TSettingsTab, key: string) =>
  env(
    tab,
    key,
    lazySchema(() => maxText(SETTING_TEXT_MAX)),
    '',
    'server',
    true,
  );
export const liveSecret = (tab: TSettingsTab, key: string) =>
  env(
    tab,
    key,
    lazySchema(() => maxText(SETTING_TEXT_MAX)),
    '',
    'secret',
    true,
  );
/** Outgoing mail: read by the mailer at each message, so storable by the admin (checked first). */
export const mailText = (key: string) =>
  env(
    'outgoing-email',
    key,
    lazySchema(() => maxText(255)),
    '',
    'server',
    true,
  );
