import { type TLandingSettings, ZLandingSchema } from '@cadence/contracts/appearance';
import { ZMenuItemSchema, ZMenuSchema } from '@cadence/contracts/menu';
import type { TSeoPageKey } from '@cadence/contracts/seo';
import { unknownSeoPlaceholderMessage, unknownSeoPlaceholders } from '@cadence/contracts/seo-placeholders';
import { ZRegistrationPolicySchema } from '@cadence/contracts/settings';
import { z } from 'zod';
import { defaultMenus } from '../../seed/data/menus';

export type SettingsTab =
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

export type SettingScope = 'client' | 'secret' | 'server';

export interface SettingDefinition<S extends z.ZodType = z.ZodType> {
  tab: SettingsTab;
  /** Validates a stored or submitted value. */
  schema: S;
  default: z.infer<S>;
  /** client: in bootstrap data; secret: encrypted, never leaves the api; server: api-only, not secret. */
  scope: SettingScope;
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
  scope?: SettingScope;
  env?: string;
  derived?: true;
  runtime?: true;
}

function setting<S extends z.ZodType>(
  tab: SettingsTab,
  schema: S,
  defaultValue: z.infer<S>,
  options: Options = {},
): SettingDefinition<S> {
  const definition: SettingDefinition<S> = {
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

const bool = (tab: SettingsTab, value: boolean, options?: Options) =>
  setting(tab, z.boolean(), value, options);
/** Longest text a setting takes unless it says otherwise (HTML and custom code take more). */
export const SETTING_TEXT_MAX = 1000;
const maxText = (max: number) => z.string().max(max);
const text = (tab: SettingsTab, value: string, options?: Options, max = SETTING_TEXT_MAX) =>
  setting(tab, maxText(max), value, options);
const list = (max: number) => z.array(z.string().trim().min(1).max(100)).max(max);
const oneOf = <const T extends readonly [string, ...string[]]>(
  tab: SettingsTab,
  values: T,
  value: T[number],
  options?: Options,
) => setting(tab, z.enum(values), value, options);
const bytes = z.int().min(0);
const derived = <S extends z.ZodType>(tab: SettingsTab, schema: S, placeholder: z.infer<S>) =>
  setting(tab, schema, placeholder, { derived: true });

/** Env-level settings take their key from the lower-cased variable name (design section 1). */
function env<S extends z.ZodType>(
  tab: SettingsTab,
  key: string,
  schema: S,
  defaultValue: z.infer<S>,
  scope: 'server' | 'secret' = 'server',
  runtime = false,
): SettingDefinition<S> {
  return setting(tab, schema, defaultValue, {
    scope,
    env: key.toUpperCase(),
    ...(runtime ? { runtime: true as const } : {}),
  });
}
const envText = (tab: SettingsTab, key: string) => env(tab, key, maxText(SETTING_TEXT_MAX), '');
const envSecret = (tab: SettingsTab, key: string) => env(tab, key, maxText(SETTING_TEXT_MAX), '', 'secret');
/**
 * Payment and social-login credentials: read at each use (the gateway registry, the social
 * routes), so storable by the admin when their variable is unset, and checked before saving.
 */
const liveText = (tab: SettingsTab, key: string) =>
  env(tab, key, maxText(SETTING_TEXT_MAX), '', 'server', true);
const liveSecret = (tab: SettingsTab, key: string) =>
  env(tab, key, maxText(SETTING_TEXT_MAX), '', 'secret', true);
/** Outgoing mail: read by the mailer at each message, so storable by the admin (checked first). */
const mailText = (key: string) => env('outgoing-email', key, maxText(255), '', 'server', true);

const artistPageTab = z.object({ id: z.int().min(1), active: z.boolean() });

const defaultLanding: TLandingSettings = {
  header_title: 'Connect on {site}',
  header_subtitle:
    'Discover, stream, and share a constantly expanding mix of music from emerging and major artists.',
  header_image: 'images/landing/landing-header-bg.jpg',
  header_image_opacity: 0.2,
  header_overlay_color_1: 'rgba(16,119,34,0.56)',
  header_overlay_color_2: 'rgba(42,148,71,1)',
  footer_title: 'Make music? Create audio?',
  footer_subtitle: 'Get on {site}, help your audience discover your sounds, and let your audience grow.',
  footer_image: 'images/landing/landing-footer-bg.jpg',
  pricing_title: 'Simple pricing, for everyone.',
  pricing_subtitle: 'Choose the plan that fits how you listen and create.',
  show_trending_artists: true,
  show_pricing: false,
  actions: {
    input_text: 'Search for artists, albums and tracks...',
    input_button: 'Search',
    cta1: { label: 'Signup Now', type: 'route', action: '/register' },
    cta2: { label: 'Explore', type: 'route', action: '/discover' },
    cta3: { label: 'Sign up for free', type: 'route', action: '/register' },
  },
  primary_features: [],
  secondary_features: [
    {
      title: 'Listen on any device, anywhere',
      subtitle: 'Complete Freedom',
      description:
        'Stream on your phone, tablet or computer and pick up where you left off. Your library follows you.',
      image: 'images/landing/landing-feature-1.jpg',
    },
    {
      title: 'Go Pro: no ads, more upload time',
      subtitle: 'Pro plan',
      description:
        'Upgrade for ad-free listening, unlimited upload time, downloads and a Pro badge on your profile.',
      image: 'images/landing/landing-feature-2.jpg',
    },
  ],
};

/** An override may use only its page's placeholders (an unknown one renders empty). */
const seoOverride = (page: TSeoPageKey) =>
  setting(
    'appearance',
    z
      .string()
      .nullable()
      .superRefine((template, ctx) => {
        const unknown = unknownSeoPlaceholders(page, template ?? '')[0];
        if (unknown !== undefined)
          ctx.addIssue({ code: 'custom', message: unknownSeoPlaceholderMessage(page, unknown) });
      }),
    null,
    { scope: 'server' },
  );
const adSlot = () => text('ads', '', undefined, 20_000);

/**
 * Every settings key: DB keys (client/secret/server), env-level ones (`env`) and derived
 * read-only ones. Flat dotted keys; bootstrap data nests them with `nestSettings`.
 */
export const settingDefinitions = {
  // general
  'homepage.type': oneOf(
    'general',
    ['landingPage', 'loginPage', 'registerPage', 'channel', 'customPage'],
    'channel',
  ),
  'homepage.value': setting('general', maxText(255).nullable(), 'discover'),
  'themes.default_id': setting('general', z.int().min(0), 0),
  'themes.user_change': bool('general', true),
  app_url: setting('general', z.string(), '', { scope: 'server', env: 'APP_URL', derived: true }),

  // subscriptions
  'billing.enable': bool('subscriptions', false),
  'billing.stripe.enable': bool('subscriptions', false),
  'billing.paypal.enable': bool('subscriptions', false),
  'billing.paypal_test_mode': bool('subscriptions', true),
  'billing.invoice.address': text('subscriptions', '', undefined, 2000),
  'billing.invoice.notes': text('subscriptions', '', undefined, 2000),
  stripe_key: liveText('subscriptions', 'stripe_key'),
  stripe_secret: liveSecret('subscriptions', 'stripe_secret'),
  stripe_webhook_secret: liveSecret('subscriptions', 'stripe_webhook_secret'),
  paypal_client_id: liveText('subscriptions', 'paypal_client_id'),
  paypal_secret: liveSecret('subscriptions', 'paypal_secret'),
  paypal_webhook_id: liveText('subscriptions', 'paypal_webhook_id'),

  // localization
  'dates.default_timezone': text('localization', 'auto'),
  'locale.default': text('localization', 'auto'),
  'i18n.enable': bool('localization', true),
  // Set on the localizations page ("Set as default"): the language of new users and guests.
  'i18n.default_localization': setting('localization', z.string().trim().min(2).max(10), 'en'),

  // authentication
  require_email_confirmation: bool('authentication', false),
  'registration.disable': bool('authentication', false),
  'social.require_account': bool('authentication', false),
  single_device_login: bool('authentication', false, { scope: 'server' }),
  'social.compact_buttons': bool('authentication', false),
  'social.google.enable': bool('authentication', false),
  'social.facebook.enable': bool('authentication', false),
  'social.twitter.enable': bool('authentication', false),
  'social.envato.enable': bool('authentication', false),
  'envato.enable': bool('authentication', false),
  'auth.domain_blacklist': text('authentication', '', { scope: 'server' }, 5000),
  google_id: liveText('authentication', 'google_id'),
  google_secret: liveSecret('authentication', 'google_secret'),
  facebook_id: liveText('authentication', 'facebook_id'),
  facebook_secret: liveSecret('authentication', 'facebook_secret'),
  twitter_id: liveText('authentication', 'twitter_id'),
  twitter_secret: liveSecret('authentication', 'twitter_secret'),
  envato_id: liveText('authentication', 'envato_id'),
  envato_secret: liveSecret('authentication', 'envato_secret'),
  envato_personal_token: liveSecret('authentication', 'envato_personal_token'),

  // uploading
  'uploads.chunk_size': setting('uploading', bytes.min(1), 5242880),
  'uploads.max_size': setting('uploading', bytes.nullable(), null),
  'uploads.available_space': setting('uploading', bytes.nullable(), null),
  'uploads.allowed_extensions': setting('uploading', list(200), []),
  'uploads.blocked_extensions': setting('uploading', list(200), []),
  'uploads.s3_direct_upload': bool('uploading', false),
  uploads_disk_driver: env(
    'uploading',
    'uploads_disk_driver',
    z.enum(['local', 's3', 'digitalocean_s3', 'backblaze_s3']),
    'local',
  ),
  public_disk_driver: env(
    'uploading',
    'public_disk_driver',
    z.enum(['local', 's3', 'digitalocean_s3', 'backblaze_s3']),
    'local',
  ),
  static_file_delivery: env(
    'uploading',
    'static_file_delivery',
    z.enum(['none', 'xsendfile', 'xaccel']),
    'none',
  ),
  storage_s3_key: envText('uploading', 'storage_s3_key'),
  storage_s3_secret: envSecret('uploading', 'storage_s3_secret'),
  storage_s3_region: envText('uploading', 'storage_s3_region'),
  storage_s3_bucket: envText('uploading', 'storage_s3_bucket'),
  storage_s3_endpoint: envText('uploading', 'storage_s3_endpoint'),
  storage_digitalocean_key: envText('uploading', 'storage_digitalocean_key'),
  storage_digitalocean_secret: envSecret('uploading', 'storage_digitalocean_secret'),
  storage_digitalocean_region: envText('uploading', 'storage_digitalocean_region'),
  storage_digitalocean_bucket: envText('uploading', 'storage_digitalocean_bucket'),
  storage_backblaze_key: envText('uploading', 'storage_backblaze_key'),
  storage_backblaze_secret: envSecret('uploading', 'storage_backblaze_secret'),
  storage_backblaze_region: envText('uploading', 'storage_backblaze_region'),
  storage_backblaze_bucket: envText('uploading', 'storage_backblaze_bucket'),
  uploads_disable_tus: env('uploading', 'uploads_disable_tus', z.boolean(), false),
  'uploads.uploads_driver': derived('uploading', z.string(), 'local'),
  'uploads.public_driver': derived('uploading', z.string(), 'local'),
  'uploads.disable_tus': derived('uploading', z.boolean(), false),

  // outgoing-email
  mail_from_address: env(
    'outgoing-email',
    'mail_from_address',
    z.union([z.literal(''), z.email().max(255)]),
    '',
    'server',
    true,
  ),
  mail_from_name: mailText('mail_from_name'),
  mail_driver: env(
    'outgoing-email',
    'mail_driver',
    // Cadence sends over SMTP or keeps mail in the outgoing-email log; no other service is offered.
    z.enum(['smtp', 'log']),
    'log',
    'server',
    true,
  ),
  mail_host: mailText('mail_host'),
  mail_port: env('outgoing-email', 'mail_port', z.int().min(1).max(65535).nullable(), null, 'server', true),
  mail_username: mailText('mail_username'),
  mail_password: env('outgoing-email', 'mail_password', maxText(255), '', 'secret', true),
  mail_encryption: env('outgoing-email', 'mail_encryption', z.enum(['', 'tls', 'ssl']), '', 'server', true),
  'mail.contact_page_address': setting('outgoing-email', z.union([z.literal(''), z.email().max(255)]), '', {
    scope: 'server',
  }),

  // analytics
  'analytics.tracking_code': text('analytics', '', undefined, 50),
  // Days raw plays and page views are kept before the daily prune (0 keeps them; roll-ups always stay).
  'analytics.retention_days': setting('analytics', z.int().min(0).max(36_500), 0, { scope: 'server' }),

  // queue
  queue_driver: env('queue', 'queue_driver', z.enum(['sync', 'redis']), 'sync'),

  // websockets
  // On by default: the realtime socket is part of the api itself (issue 15), not an outside service.
  'realtime.enable': bool('websockets', true),

  // recaptcha (v3)
  'recaptcha.site_key': text('recaptcha', '', undefined, 255),
  'recaptcha.secret_key': text('recaptcha', '', { scope: 'secret' }, 255),
  'recaptcha.enable.register': bool('recaptcha', false),
  'recaptcha.enable.contact': bool('recaptcha', false),

  // gdpr
  'cookie_notice.enable': bool('gdpr', false),
  'cookie_notice.position': oneOf('gdpr', ['top', 'bottom'], 'bottom'),
  'cookie_notice.button': setting('gdpr', ZMenuItemSchema.partial().nullable(), null),
  'registration.policies': setting('gdpr', z.array(ZRegistrationPolicySchema), []),

  // player (tabs General, Controls, Artist page)
  'player.seekbar_type': oneOf('player', ['waveform', 'line'], 'line'),
  'player.hide_queue': bool('player', false),
  'player.hide_radio_button': bool('player', false),
  'player.enable_repost': bool('player', false),
  'player.track_comments': bool('player', false),
  'player.show_upload_button': bool('player', false),
  'player.show_become_artist_button': bool('player', false),
  'player.default_volume': setting('player', z.int().min(0).max(100), 30),
  'player.repeat_default': oneOf('player', ['none', 'one', 'all'], 'all'),
  'player.hide_lyrics': bool('player', false),
  'player.enable_download': bool('player', false),
  /** The Subsonic API under /rest for native apps (modules/subsonic); each user can also turn it off. */
  'subsonic.enable': bool('player', true),
  'player.default_artist_view': oneOf('player', ['list', 'grid'], 'list'),
  'artist_page.tabs': setting('player', z.array(artistPageTab), [
    { id: 1, active: true },
    { id: 2, active: true },
    { id: 3, active: true },
    { id: 4, active: false },
    { id: 5, active: false },
    { id: 6, active: false },
  ]),
  'artist_page.show_description': bool('player', false),

  // ads page (settings.update): HTML per slot
  'ads.general_top': adSlot(),
  'ads.general_bottom': adSlot(),
  'ads.artist_top': adSlot(),
  'ads.artist_bottom': adSlot(),
  'ads.album_above': adSlot(),
  'ads.disable': bool('ads', false),
  // The Pro plan's "no ads": subscribers see no slot unless the admin turns this off.
  'ads.hide_for_subscribers': bool('ads', true),

  // appearance editor
  // Shipped off (design 1); WORKSPACES_INTEGRATED / NOTIF_SUBS_INTEGRATED win when set, else the admin decides.
  'workspaces.integrated': bool('general', false, { env: 'WORKSPACES_INTEGRATED', runtime: true }),
  'notif.subs.integrated': bool('general', false, { env: 'NOTIF_SUBS_INTEGRATED', runtime: true }),
  // APP_NAME wins when set; otherwise the admin names the site (settings, general tab).
  'branding.site_name': setting('general', z.string().trim().min(1).max(100), 'Cadence', {
    env: 'APP_NAME',
    runtime: true,
  }),
  'branding.site_description': text('appearance', ''),
  'branding.logo_light': text('appearance', 'images/logo-light.svg'),
  'branding.logo_dark': text('appearance', 'images/logo-dark.svg'),
  'branding.logo_light_mobile': text('appearance', ''),
  'branding.logo_dark_mobile': text('appearance', ''),
  'branding.favicon': text('appearance', ''),
  'custom_code.css': text('appearance', '', undefined, 100_000),
  'custom_code.html': text('appearance', '', undefined, 100_000),
  // Stored here but delivered as bootstrapData.menus, not inside settings.
  menus: setting('appearance', z.array(ZMenuSchema), defaultMenus, { scope: 'server' }),
  landing: setting('appearance', ZLandingSchema, defaultLanding),
  'seo.artist_page': seoOverride('artist_page'),
  'seo.album_page': seoOverride('album_page'),
  'seo.track_page': seoOverride('track_page'),
  'seo.playlist_page': seoOverride('playlist_page'),
  'seo.landing_page': seoOverride('landing_page'),
  'seo.channel_page': seoOverride('channel_page'),
  'seo.user_profile_page': seoOverride('user_profile_page'),
  'seo.search_page': seoOverride('search_page'),

  // derived for bootstrap data (design section 1); the api overrides these placeholders
  base_url: derived('internal', z.string(), ''),
  'site.demo': derived('internal', z.boolean(), false),
  'demo.email': derived('internal', z.string(), ''),
  'demo.password': derived('internal', z.string(), ''),
  'billing.integrated': derived('internal', z.boolean(), true),
  'notifications.integrated': derived('internal', z.boolean(), true),
  'api.integrated': derived('internal', z.boolean(), true),
} satisfies Record<string, SettingDefinition>;

export type SettingKey = keyof typeof settingDefinitions;
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingDefinitions)[K]['schema']>;

const definitions: Record<string, SettingDefinition> = settingDefinitions;

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(definitions, key);
}

export function settingKeys(filter: (definition: SettingDefinition) => boolean = () => true): SettingKey[] {
  return (Object.keys(definitions) as SettingKey[]).filter((key) =>
    filter(definitions[key] as SettingDefinition),
  );
}

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
