/**
 * Settings kept although no code names them where the catalogue test looks
 * (settings-readers.test.ts), each with the reason. Nothing here is "not built yet": a setting
 * whose feature does not exist is removed from the catalogue, not listed.
 *
 * Removed (nothing in the codebase backs them; stored rows of unknown keys are ignored on read,
 * and migration 2026-11-29T07-00 drops the first batch): the YouTube video fallback,
 * billing.accepted_cards, analytics.gchart_api_key, uploads.auto_match, player.lyrics_automate,
 * player.sort_method, the reserved drivers and their credentials (memcached; database/sqs/beanstalkd
 * queues; meilisearch/elasticsearch/algolia; ftp/dropbox/rackspace; mailgun/ses/postmark mail;
 * pusher/reverb/ably broadcasting), the driver pickers that only echoed the start-time choice
 * (cache_driver, broadcast_driver, scout_driver), Sentry (sentry_dsn, logging.sentry_public), the
 * metadata providers (Spotify, Wikipedia, Last.fm, automation.artist_interval), the GA4 property
 * reader (analytics_property_id), the client-side payment keys (checkout redirects server side),
 * billing.stripe_test_mode, dates.format / dates.locale and the report and home-channel cache
 * lifetimes (cache.report_minutes, cache.homepage_days).
 */
export const settingsReadElsewhere: Readonly<Record<string, string>> = {
  'billing.integrated':
    'Spec 3 "Settings read": part of bootstrap data for API clients; read by the admin settings page (outside this scan) to show the subscriptions tab.',
};
