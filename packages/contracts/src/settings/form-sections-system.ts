import { AD_SLOT_ADVICE, AD_SLOT_LABELS, AD_SLOTS } from '../ads-constants';
import type { TSettingField, TSettingsSection } from './form-field';
import { opts, secretField, textField, toggle } from './form-field';

export const analyticsSections: TSettingsSection[] = [
  {
    fields: [
      {
        key: 'analytics.tracking_code',
        label: 'Google Analytics measurement ID',
        help: 'The measurement ID only (G-XXXXXXX), not the whole snippet.',
        kind: 'text',
      },
      {
        key: 'analytics.retention_days',
        label: 'Keep raw plays and visits for (days)',
        help: 'Older plays and page views are deleted every night; daily totals, insights and reports keep their history. 0 keeps everything.',
        kind: 'number',
      },
    ],
  },
];

export const queueSections: TSettingsSection[] = [
  {
    description: 'Chosen when the server starts.',
    fields: [
      textField(
        'queue_driver',
        'Queue driver',
        'sync runs jobs in the api process (default); redis puts them on BullMQ for worker processes.',
      ),
    ],
  },
];

export const websocketsSections: TSettingsSection[] = [
  {
    fields: [
      toggle(
        'realtime.enable',
        'Enable realtime',
        'Push notifications and listening activity to open pages over the api’s socket.',
      ),
    ],
  },
];

export const recaptchaSections: TSettingsSection[] = [
  {
    description: 'Google reCAPTCHA v3: invisible checks on the forms below.',
    fields: [
      {
        key: 'recaptcha.site_key',
        label: 'Site key',
        help: 'Public key used by browsers.',
        kind: 'text',
      },
      {
        key: 'recaptcha.secret_key',
        label: 'Secret key',
        help: 'Kept encrypted on the server; never sent to browsers. Tried with the verification service before it is saved.',
        kind: 'secret',
      },
      toggle('recaptcha.enable.register', 'Protect registration', 'Check sign-ups with reCAPTCHA.'),
      toggle('recaptcha.enable.contact', 'Protect contact page', 'Check contact messages with reCAPTCHA.'),
    ],
  },
];

export const gdprSections: TSettingsSection[] = [
  {
    fields: [
      toggle('cookie_notice.enable', 'Cookie notice', 'Show a cookie notice until the visitor accepts it.'),
      {
        key: 'cookie_notice.button',
        label: 'Notice link',
        help: 'An optional link in the notice, such as your privacy policy.',
        kind: 'json',
      },
      {
        key: 'cookie_notice.position',
        label: 'Notice position',
        kind: 'select',
        options: opts(['top', 'Top'], ['bottom', 'Bottom']),
      },
      {
        key: 'registration.policies',
        label: 'Registration policies',
        help: 'Each policy is a required checkbox on the sign-up form, linking to its page.',
        kind: 'json',
      },
    ],
  },
];

export const playerSections: TSettingsSection[] = [
  {
    title: 'General',
    fields: [
      {
        key: 'player.seekbar_type',
        label: 'Seekbar',
        help: 'Waveform for uploaded tracks, or a plain line.',
        kind: 'select',
        options: opts(['line', 'Line'], ['waveform', 'Waveform']),
      },
      toggle('player.hide_queue', 'Hide queue', 'Queue sidebar closed by default.'),
      toggle('player.hide_radio_button', 'Hide radio button', 'Hide “Go to radio”.'),
      toggle('player.enable_repost', 'Enable reposts', 'Users may repost tracks and albums.'),
      toggle('player.track_comments', 'Enable comments', 'Comments on tracks and albums.'),
      toggle(
        'parties.enable',
        'Enable listening parties',
        'Listeners start parties and hear the same second together.',
      ),
      toggle(
        'parties.allow_guests',
        'Guests in parties',
        'People who are not signed in may listen to a party opened by its link.',
      ),
      toggle(
        'player.show_upload_button',
        'Show upload button',
        'Upload button in the sidebar for users allowed to upload.',
      ),
      toggle(
        'player.show_become_artist_button',
        'Show “Become artist”',
        'Offer the backstage request to users who are not artists.',
      ),
    ],
  },
  {
    title: 'Controls',
    fields: [
      {
        key: 'player.default_volume',
        label: 'Default volume',
        help: 'Starting volume, 0 to 100.',
        kind: 'number',
      },
      {
        key: 'player.repeat_default',
        label: 'Default repeat',
        kind: 'select',
        options: opts(['none', 'Off'], ['one', 'Repeat one'], ['all', 'Repeat all']),
      },
      toggle('player.hide_lyrics', 'Hide lyrics button'),
      toggle(
        'player.enable_download',
        'Enable downloads',
        'Download button on tracks with a file, for users allowed to download.',
      ),
      toggle(
        'subsonic.enable',
        'Subsonic apps',
        'Let listeners play their library in Subsonic and OpenSubsonic apps (/rest) with an app password.',
      ),
    ],
  },
  {
    title: 'Transcoding',
    fields: [
      {
        key: 'transcoding.default_format',
        label: 'Transcoding format',
        help: 'What a stream is converted to when the original is too large for the listener or not a format they take.',
        kind: 'select',
        options: opts(['opus', 'Opus'], ['mp3', 'MP3'], ['aac', 'AAC']),
      },
      {
        key: 'transcoding.data_saver_bitrate',
        label: 'Data saver bitrate (kbps)',
        help: 'Highest bitrate the web player asks for on a metered or slow connection, 32 to 320.',
        kind: 'number',
      },
      {
        key: 'transcoding.max_processes',
        label: 'Transcoding processes at once',
        help: '0: one per processor core. Further streams wait in a queue.',
        kind: 'number',
      },
      {
        key: 'transcoding.queue_timeout_seconds',
        label: 'Transcoding queue timeout (seconds)',
        help: 'A stream that waits longer for a free process is refused.',
        kind: 'number',
      },
      {
        key: 'transcoding.cache_size_mb',
        label: 'Transcoding cache size (MB)',
        help: 'Completed transcodes kept on disk; the least recently played go first. 0 keeps none.',
        kind: 'number',
      },
    ],
  },
  {
    title: 'Artist page',
    fields: [
      {
        key: 'player.default_artist_view',
        label: 'Album layout',
        kind: 'select',
        options: opts(['list', 'List'], ['grid', 'Grid']),
      },
      toggle('artist_page.show_description', 'Show short biography', 'Short biography in the artist header.'),
      {
        key: 'artist_page.tabs',
        label: 'Artist page tabs',
        help: 'Which tabs artist pages show, in this order.',
        kind: 'json',
      },
    ],
  },
  {
    title: 'Scrobbling',
    description:
      'Listeners connect ListenBrainz or Last.fm in their account settings; their plays are sent there.',
    fields: [
      textField(
        'scrobbling.lastfm_api_key',
        'Last.fm API key',
        'From your Last.fm API account. Without a key and secret, listeners cannot connect Last.fm.',
      ),
      secretField(
        'scrobbling.lastfm_secret',
        'Last.fm shared secret',
        'Kept encrypted; signs every Last.fm call.',
      ),
      textField('scrobbling.lastfm_api_url', 'Last.fm API address', 'Where Last.fm API calls go.'),
      textField('scrobbling.lastfm_auth_url', 'Last.fm authorization page', 'Where listeners allow access.'),
      textField('scrobbling.listenbrainz_url', 'ListenBrainz API address', 'Where listens are submitted.'),
    ],
  },
];

/** The ads page (site presentation) edits these too; their keys exist now (spec 2.12). */
export const adsSection: TSettingsSection = {
  title: 'Ads',
  description: 'HTML for each ad slot; empty shows nothing there.',
  fields: [
    toggle('ads.disable', 'Disable ads', 'Hide every ad slot.'),
    toggle(
      'ads.hide_for_subscribers',
      'Hide ads for subscribers',
      'Subscribers see no ad slot (the Pro plan’s “no ads”).',
    ),
    ...AD_SLOTS.map(
      (slot): TSettingField => ({
        key: `ads.${slot}`,
        label: AD_SLOT_LABELS[slot],
        help: AD_SLOT_ADVICE[slot],
        kind: 'textarea',
        rows: 3,
      }),
    ),
  ],
};
