/**
 * Settings kept although no code names them where the catalogue test looks
 * (settings-readers.test.ts), each with the reason. "Follow-up" marks a setting whose feature is
 * designed but not built yet: it stays in the catalogue so stored values survive, and it is listed
 * here so the gap is visible rather than hidden.
 *
 * Removed instead (nothing in the codebase backs them; migration 2026-11-29T07-00 drops their rows):
 * the YouTube video fallback (youtube_api_key, youtube.*, player.hide_video, hide_video_button,
 * mobile.auto_open_overlay), billing.accepted_cards, analytics.gchart_api_key, uploads.auto_match,
 * player.lyrics_automate (no lyrics provider exists: lyrics are typed in), player.sort_method (no
 * provider popularity exists: popularity is always local plays) and the reserved drivers
 * (memcached, database/sqs/beanstalkd queues, meilisearch/elasticsearch/algolia, ftp/dropbox/rackspace).
 */
const followUp = (what: string) =>
  `Follow-up (issue 32): ${what} is not built yet; the stored value is kept.`;

export const settingsReadElsewhere: Readonly<Record<string, string>> = {
  'billing.stripe_test_mode':
    'Internal and not on the form: the gateways take their mode from the configurable base url.',
  'billing.invoice.address': followUp('printing the invoice address on receipts'),
  'billing.invoice.notes': followUp('printing invoice notes on receipts'),
  'billing.stripe_public_key': followUp(
    'the client-side Stripe publishable key (checkout redirects server side)',
  ),
  'billing.paypal.public_key': followUp('the client-side PayPal client id (checkout redirects server side)'),
  'billing.integrated':
    'Spec 3 "Settings read": part of bootstrap data for API clients; the apps show billing by billing.enable.',
  'dates.format': followUp("site-wide date verbosity in the apps' date formatter"),
  'dates.locale': followUp('the internal formatting locale'),
  mailgun_domain: followUp('the Mailgun mail driver'),
  mailgun_endpoint: followUp('the Mailgun mail driver'),
  ses_key: followUp('the SES mail driver'),
  ses_region: followUp('the SES mail driver'),
  postmark_token: followUp('the Postmark mail driver'),
  cache_driver: 'Shown on the cache tab to explain the choice made at start (Redis when REDIS_URL is set).',
  'cache.report_minutes': followUp('caching admin reports for this many minutes'),
  'cache.homepage_days': followUp('caching the home channel for this many days'),
  analytics_property_id: followUp('reading visits from a GA4 property'),
  sentry_dsn: followUp('error reporting to Sentry'),
  'logging.sentry_public': followUp('browser error reporting to Sentry'),
  broadcast_driver:
    "Shown on the websockets tab: the api's own socket over Redis pub/sub is always used (issue 15).",
  pusher_app_id: followUp('the Pusher broadcast driver'),
  pusher_key: followUp('the Pusher broadcast driver'),
  pusher_cluster: followUp('the Pusher broadcast driver'),
  reverb_app_id: followUp('a separate Reverb server'),
  reverb_key: followUp('a separate Reverb server'),
  reverb_host: followUp('a separate Reverb server'),
  reverb_port: followUp('a separate Reverb server'),
  reverb_scheme: followUp('a separate Reverb server'),
  ably_app_id: followUp('the Ably broadcast driver'),
  ably_key: followUp('the Ably broadcast driver'),
  'realtime.pusher_key': followUp('the Pusher broadcast driver'),
  'realtime.pusher_cluster': followUp('the Pusher broadcast driver'),
  scout_driver:
    'Shown on the search tab to name the search used (PostgreSQL full text and trigrams, the only driver).',
  artist_provider: followUp('importing artist metadata from Spotify'),
  album_provider: followUp('importing album metadata from Spotify'),
  search_provider: followUp('searching Spotify from the player'),
  artist_bio_provider: followUp('Wikipedia biographies'),
  wikipedia_language: followUp('Wikipedia biographies'),
  'automation.artist_interval': followUp('re-importing artists from a provider'),
  lastfm_api_key: followUp('Last.fm lookups'),
};
