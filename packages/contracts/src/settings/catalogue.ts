import { z } from 'zod';
import { ZLandingSchema } from '../appearance';
import { defaultMenus } from '../default-menus';
import { lazySchema } from '../lazy-schema';
import { ZMenuItemSchema, ZMenuSchema } from '../menu';
import type { TSeoPageKey } from '../seo';
import { unknownSeoPlaceholderMessage, unknownSeoPlaceholders } from '../seo-placeholders';
import { ZRegistrationPolicySchema } from '../settings';
import {
  bool,
  bytes,
  derived,
  env,
  envSecret,
  envText,
  list,
  liveSecret,
  liveText,
  mailText,
  maxText,
  oneOf,
  setting,
  type TSettingDefinition,
  text,
} from './catalogue-helpers';
import { defaultLanding } from './landing-defaults';

const artistPageTab = lazySchema(() => z.object({ id: z.int().min(1), active: z.boolean() }));
/** An override may use only its page's placeholders (an unknown one renders empty). */
const seoOverride = (page: TSeoPageKey) =>
  setting(
    'appearance',
    lazySchema(() =>
      z
        .string()
        .nullable()
        .superRefine((template, ctx) => {
          const unknown = unknownSeoPlaceholders(page, template ?? '')[0];
          if (unknown !== undefined)
            ctx.addIssue({ code: 'custom', message: unknownSeoPlaceholderMessage(page, unknown) });
        }),
    ),
    null,
    { scope: 'server' },
  );
const adSlot = () => text('ads', '', undefined, 20_000);

/**
 * Every settings key: DB keys (client/secret/server), env-level ones (`env`) and derived
 * read-only ones. Flat dotted keys; bootstrap data nests them with `nestSettings`.
 */
export const settingsCatalogue = {
  // general
  'homepage.type': oneOf(
    'general',
    ['landingPage', 'loginPage', 'registerPage', 'channel', 'customPage'],
    'channel',
  ),
  'homepage.value': setting(
    'general',
    lazySchema(() => maxText(255).nullable()),
    'discover',
  ),
  'themes.default_id': setting(
    'general',
    lazySchema(() => z.int().min(0)),
    0,
  ),
  'themes.user_change': bool('general', true),
  app_url: setting(
    'general',
    lazySchema(() => z.string()),
    '',
    { scope: 'server', env: 'APP_URL', derived: true },
  ),

  // subscriptions
  'billing.enable': bool('subscriptions', false),
  'billing.stripe.enable': bool('subscriptions', false),
  'billing.paypal.enable': bool('subscriptions', false),
  'billing.paypal_test_mode': bool('subscriptions', true),
  'billing.invoice.address': text('subscriptions', '', undefined, 2000),
  'billing.invoice.notes': text('subscriptions', '', undefined, 2000),
  // artist payouts (issue 39): read by the monthly run
  'payouts.platform_share_percent': setting(
    'subscriptions',
    lazySchema(() => z.int().min(0).max(100)),
    30,
    {
      scope: 'server',
    },
  ),
  'payouts.provider_fee_basis_points': setting(
    'subscriptions',
    lazySchema(() => z.int().min(0).max(10_000)),
    290,
    {
      scope: 'server',
    },
  ),
  'payouts.provider_fee_fixed': setting(
    'subscriptions',
    lazySchema(() => z.int().min(0).max(100_000)),
    30,
    {
      scope: 'server',
    },
  ),
  'payouts.minimum_payout': setting(
    'subscriptions',
    lazySchema(() => z.int().min(0).max(100_000_000)),
    1000,
    {
      scope: 'server',
    },
  ),
  'payouts.daily_play_cap': setting(
    'subscriptions',
    lazySchema(() => z.int().min(1).max(10_000)),
    20,
    { scope: 'server' },
  ),
  /** The scheduler starts the run of each ended month by itself (a run in review: the admin still closes it). */
  'payouts.auto_run': bool('subscriptions', false, { scope: 'server' }),
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
  'i18n.default_localization': setting(
    'localization',
    lazySchema(() => z.string().trim().min(2).max(10)),
    'en',
  ),

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
  'uploads.chunk_size': setting(
    'uploading',
    lazySchema(() => bytes.min(1)),
    5242880,
  ),
  'uploads.max_size': setting(
    'uploading',
    lazySchema(() => bytes.nullable()),
    null,
  ),
  'uploads.available_space': setting(
    'uploading',
    lazySchema(() => bytes.nullable()),
    null,
  ),
  'uploads.allowed_extensions': setting(
    'uploading',
    lazySchema(() => list(200)),
    [],
  ),
  'uploads.blocked_extensions': setting(
    'uploading',
    lazySchema(() => list(200)),
    [],
  ),
  'uploads.s3_direct_upload': bool('uploading', false),
  uploads_disk_driver: env(
    'uploading',
    'uploads_disk_driver',
    lazySchema(() => z.enum(['local', 's3', 'digitalocean_s3', 'backblaze_s3'])),
    'local',
  ),
  public_disk_driver: env(
    'uploading',
    'public_disk_driver',
    lazySchema(() => z.enum(['local', 's3', 'digitalocean_s3', 'backblaze_s3'])),
    'local',
  ),
  static_file_delivery: env(
    'uploading',
    'static_file_delivery',
    lazySchema(() => z.enum(['none', 'xsendfile', 'xaccel'])),
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
  uploads_disable_tus: env(
    'uploading',
    'uploads_disable_tus',
    lazySchema(() => z.boolean()),
    false,
  ),
  'uploads.uploads_driver': derived(
    'uploading',
    lazySchema(() => z.string()),
    'local',
  ),
  'uploads.public_driver': derived(
    'uploading',
    lazySchema(() => z.string()),
    'local',
  ),
  'uploads.disable_tus': derived(
    'uploading',
    lazySchema(() => z.boolean()),
    false,
  ),

  // outgoing-email
  mail_from_address: env(
    'outgoing-email',
    'mail_from_address',
    lazySchema(() => z.union([z.literal(''), z.email().max(255)])),
    '',
    'server',
    true,
  ),
  mail_from_name: mailText('mail_from_name'),
  mail_driver: env(
    'outgoing-email',
    'mail_driver',
    // Cadence sends over SMTP or keeps mail in the outgoing-email log; no other service is offered.
    lazySchema(() => z.enum(['smtp', 'log'])),
    'log',
    'server',
    true,
  ),
  mail_host: mailText('mail_host'),
  mail_port: env(
    'outgoing-email',
    'mail_port',
    lazySchema(() => z.int().min(1).max(65535).nullable()),
    null,
    'server',
    true,
  ),
  mail_username: mailText('mail_username'),
  mail_password: env(
    'outgoing-email',
    'mail_password',
    lazySchema(() => maxText(255)),
    '',
    'secret',
    true,
  ),
  mail_encryption: env(
    'outgoing-email',
    'mail_encryption',
    lazySchema(() => z.enum(['', 'tls', 'ssl'])),
    '',
    'server',
    true,
  ),
  'mail.contact_page_address': setting(
    'outgoing-email',
    lazySchema(() => z.union([z.literal(''), z.email().max(255)])),
    '',
    {
      scope: 'server',
    },
  ),

  // analytics
  'analytics.tracking_code': text('analytics', '', undefined, 50),
  // Days raw plays and page views are kept before the daily prune (0 keeps them; roll-ups always stay).
  'analytics.retention_days': setting(
    'analytics',
    lazySchema(() => z.int().min(0).max(36_500)),
    0,
    { scope: 'server' },
  ),

  // queue
  queue_driver: env(
    'queue',
    'queue_driver',
    lazySchema(() => z.enum(['sync', 'redis'])),
    'sync',
  ),

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
  'cookie_notice.button': setting(
    'gdpr',
    lazySchema(() => ZMenuItemSchema.partial().nullable()),
    null,
  ),
  'registration.policies': setting(
    'gdpr',
    lazySchema(() => z.array(ZRegistrationPolicySchema)),
    [],
  ),

  // player (tabs General, Controls, Artist page)
  'player.seekbar_type': oneOf('player', ['waveform', 'line'], 'line'),
  'player.hide_queue': bool('player', false),
  'player.hide_radio_button': bool('player', false),
  'player.enable_repost': bool('player', false),
  'player.track_comments': bool('player', false),
  'player.show_upload_button': bool('player', false),
  'player.show_become_artist_button': bool('player', false),
  'player.default_volume': setting(
    'player',
    lazySchema(() => z.int().min(0).max(100)),
    30,
  ),
  'player.repeat_default': oneOf('player', ['none', 'one', 'all'], 'all'),
  'player.hide_lyrics': bool('player', false),
  'player.enable_download': bool('player', false),
  /** The Subsonic API under /rest for native apps (modules/subsonic); each user can also turn it off. */
  'subsonic.enable': bool('player', true),
  'player.default_artist_view': oneOf('player', ['list', 'grid'], 'list'),
  // scrobbling (issue 37, modules/scrobbling): the services' addresses (tests point them at local peers)
  // and the site's Last.fm API account; ListenBrainz needs only each listener's own token.
  'scrobbling.listenbrainz_url': text('player', 'https://api.listenbrainz.org', { scope: 'server' }, 255),
  'scrobbling.lastfm_api_url': text('player', 'https://ws.audioscrobbler.com/2.0/', { scope: 'server' }, 255),
  'scrobbling.lastfm_auth_url': text('player', 'https://www.last.fm/api/auth/', { scope: 'server' }, 255),
  'scrobbling.lastfm_api_key': text('player', '', { scope: 'server' }, 100),
  'scrobbling.lastfm_secret': text('player', '', { scope: 'secret' }, 100),
  /** Listening parties (issue 38, modules/parties); guests may listen in by link only when allowed. */
  'parties.enable': bool('player', true),
  'parties.allow_guests': bool('player', false),
  // transcoding (issue 36, modules/transcoding): what a stream is converted to when the original does not fit
  'transcoding.default_format': oneOf('player', ['opus', 'mp3', 'aac'], 'opus'),
  'transcoding.data_saver_bitrate': setting(
    'player',
    lazySchema(() => z.int().min(32).max(320)),
    96,
  ),
  'transcoding.max_processes': setting(
    'player',
    lazySchema(() => z.int().min(0).max(64)),
    0,
    { scope: 'server' },
  ),
  'transcoding.cache_size_mb': setting(
    'player',
    lazySchema(() => z.int().min(0).max(1_000_000)),
    2048,
    { scope: 'server' },
  ),
  'transcoding.queue_timeout_seconds': setting(
    'player',
    lazySchema(() => z.int().min(1).max(300)),
    20,
    { scope: 'server' },
  ),
  'artist_page.tabs': setting(
    'player',
    lazySchema(() => z.array(artistPageTab)),
    [
      { id: 1, active: true },
      { id: 2, active: true },
      { id: 3, active: true },
      { id: 4, active: false },
      { id: 5, active: false },
      { id: 6, active: false },
    ],
  ),
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
  'branding.site_name': setting(
    'general',
    lazySchema(() => z.string().trim().min(1).max(100)),
    'Cadence',
    {
      env: 'APP_NAME',
      runtime: true,
    },
  ),
  'branding.site_description': text('appearance', ''),
  'branding.logo_light': text('appearance', 'images/logo-light.svg'),
  'branding.logo_dark': text('appearance', 'images/logo-dark.svg'),
  'branding.logo_light_mobile': text('appearance', ''),
  'branding.logo_dark_mobile': text('appearance', ''),
  'branding.favicon': text('appearance', ''),
  'custom_code.css': text('appearance', '', undefined, 100_000),
  'custom_code.html': text('appearance', '', undefined, 100_000),
  // Stored here but delivered as bootstrapData.menus, not inside settings.
  menus: setting(
    'appearance',
    lazySchema(() => z.array(ZMenuSchema)),
    defaultMenus,
    { scope: 'server' },
  ),
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
  base_url: derived(
    'internal',
    lazySchema(() => z.string()),
    '',
  ),
  'site.demo': derived(
    'internal',
    lazySchema(() => z.boolean()),
    false,
  ),
  'demo.email': derived(
    'internal',
    lazySchema(() => z.string()),
    '',
  ),
  'demo.password': derived(
    'internal',
    lazySchema(() => z.string()),
    '',
  ),
  'billing.integrated': derived(
    'internal',
    lazySchema(() => z.boolean()),
    true,
  ),
  'notifications.integrated': derived(
    'internal',
    lazySchema(() => z.boolean()),
    true,
  ),
  'api.integrated': derived(
    'internal',
    lazySchema(() => z.boolean()),
    true,
  ),
} satisfies Record<string, TSettingDefinition>;

export type TSettingKey = keyof typeof settingsCatalogue;
export type TSettingValue<K extends TSettingKey> = z.infer<(typeof settingsCatalogue)[K]['schema']>;

const definitions: Record<string, TSettingDefinition> = settingsCatalogue;

export function isSettingKey(key: string): key is TSettingKey {
  return Object.hasOwn(definitions, key);
}

/** A key's definition, for code that holds a plain string it has checked with isSettingKey. */
export function settingDefinition(key: TSettingKey): TSettingDefinition {
  return definitions[key] as TSettingDefinition;
}

export function settingKeys(filter: (definition: TSettingDefinition) => boolean = () => true): TSettingKey[] {
  return (Object.keys(definitions) as TSettingKey[]).filter((key) =>
    filter(definitions[key] as TSettingDefinition),
  );
}
