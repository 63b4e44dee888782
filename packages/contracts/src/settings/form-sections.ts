import { opts, secretField, type TSettingsSection, textField, toggle } from './form-field';

export type { TFieldKind, TSettingField, TSettingsSection } from './form-field';

/** The admin's settings tabs, section by section: labels and help by the catalogue's keys. */

export const generalSections: TSettingsSection[] = [
  {
    fields: [
      {
        key: 'branding.site_name',
        label: 'Site name',
        help: 'Shown in the header of every app, in page titles and in emails.',
        kind: 'text',
      },
      {
        key: 'homepage.type',
        label: 'Homepage type',
        help: 'What the site shows at its root address.',
        kind: 'select',
        options: opts(
          ['landingPage', 'Landing page'],
          ['loginPage', 'Login page'],
          ['registerPage', 'Register page'],
          ['channel', 'Channel'],
          ['customPage', 'Custom page'],
        ),
      },
      {
        key: 'homepage.value',
        label: 'Homepage channel or page',
        help: 'Slug or id of the channel or custom page used as home (for the channel and custom page types).',
        kind: 'text',
      },
      {
        key: 'themes.default_id',
        label: 'Default theme',
        help: 'Theme for visitors who have not chosen one; System follows the device.',
        kind: 'select',
      },
      toggle('themes.user_change', 'Allow theme change', 'Users may switch between dark and light theme.'),
      textField('app_url', 'Primary site URL', 'The address the site is served from.'),
    ],
  },
  {
    title: 'Features',
    description: 'An environment variable, when set, decides instead.',
    fields: [
      toggle(
        'workspaces.integrated',
        'Enable workspaces',
        'Users may create workspaces and invite members to share their music.',
      ),
      toggle(
        'notif.subs.integrated',
        'Enable notification preferences',
        'Users choose, per notification, whether it comes by email or in the browser.',
      ),
    ],
  },
];

export const subscriptionsSections: TSettingsSection[] = [
  {
    fields: [
      toggle('billing.enable', 'Enable subscriptions', 'All plan and checkout features on or off.'),
      toggle('billing.stripe.enable', 'Stripe', 'Accept card payments through Stripe.'),
      toggle('billing.paypal.enable', 'PayPal', 'Accept payments through PayPal.'),
      toggle(
        'billing.paypal_test_mode',
        'PayPal sandbox',
        'Use the PayPal sandbox instead of live payments.',
      ),
      {
        key: 'billing.invoice.address',
        label: 'Invoice address',
        help: 'Printed on every invoice.',
        kind: 'textarea',
      },
      {
        key: 'billing.invoice.notes',
        label: 'Invoice notes',
        help: 'Printed at the bottom of every invoice.',
        kind: 'textarea',
      },
    ],
  },
  {
    title: 'Artist payouts',
    description: 'Read by the monthly payouts run. Amounts are in minor units (cents).',
    fields: [
      {
        key: 'payouts.platform_share_percent',
        label: "Platform's share (%)",
        help: "Kept by the platform from each subscriber's payments after provider fees; the rest goes to the artists they played.",
        kind: 'number',
      },
      {
        key: 'payouts.provider_fee_basis_points',
        label: 'Provider fee (basis points)',
        help: "The payment provider's percentage fee per paid invoice: 290 is 2.9%.",
        kind: 'number',
      },
      {
        key: 'payouts.provider_fee_fixed',
        label: 'Provider fee per invoice (cents)',
        help: "The payment provider's fixed fee per paid invoice.",
        kind: 'number',
      },
      {
        key: 'payouts.minimum_payout',
        label: 'Minimum payout (cents)',
        help: 'Artists whose balance is below this are not paid this month: it rolls over.',
        kind: 'number',
      },
      {
        key: 'payouts.daily_play_cap',
        label: 'Plays counted per listener, track and day',
        help: 'Further plays of the same track by the same listener that day earn nothing (against looping).',
        kind: 'number',
      },
      {
        key: 'payouts.auto_run',
        label: 'Start the monthly run automatically',
        help: "After each month ends, the scheduler starts that month's run for review; closing it stays the admin's decision.",
        kind: 'switch',
      },
    ],
  },
  {
    title: 'Stripe',
    fields: [
      textField('stripe_key', 'Publishable key', 'Sent to browsers for card entry.'),
      secretField('stripe_secret', 'Secret key', 'Tried with a read at Stripe before it is saved.'),
      secretField('stripe_webhook_secret', 'Webhook signing secret'),
    ],
  },
  {
    title: 'PayPal',
    fields: [
      textField('paypal_client_id', 'Client ID', 'Sent to browsers for the PayPal buttons.'),
      secretField('paypal_secret', 'Secret', 'Tried with the client ID at PayPal before they are saved.'),
      textField('paypal_webhook_id', 'Webhook ID'),
    ],
  },
];

export const localizationSections: TSettingsSection[] = [
  {
    fields: [
      {
        key: 'dates.default_timezone',
        label: 'Default timezone',
        help: 'For new users and guests; auto uses the browser’s timezone.',
        kind: 'select',
      },
      {
        key: 'locale.default',
        label: 'Default language',
        help: 'Language for new users and guests; auto follows the browser. Lines are translated on the Localizations page.',
        kind: 'select',
      },
      toggle(
        'i18n.enable',
        'Enable translations',
        'Off: the site uses one language and hides the language picker.',
      ),
    ],
  },
];

export const authenticationSections: TSettingsSection[] = [
  {
    fields: [
      toggle(
        'require_email_confirmation',
        'Require email confirmation',
        'New users must confirm their email address before using the site.',
      ),
      toggle(
        'registration.disable',
        'Disable registration',
        'Hide sign-up; invited people can still register.',
      ),
      toggle(
        'social.require_account',
        'Social login needs an account',
        'Social login only works for accounts that connected that service first.',
      ),
      toggle(
        'single_device_login',
        'Single device login',
        'Only one logged-in device per account at a time.',
      ),
      toggle('social.compact_buttons', 'Compact social buttons', 'Show social login buttons as icons only.'),
      {
        key: 'auth.domain_blacklist',
        label: 'Blocked email domains',
        help: 'Comma-separated email domains refused at sign-up and login.',
        kind: 'textarea',
      },
    ],
  },
  ...(
    [
      ['google', 'Google'],
      ['facebook', 'Facebook'],
      ['twitter', 'Twitter'],
      ['envato', 'Envato'],
    ] as const
  ).map(
    ([service, name]): TSettingsSection => ({
      title: `${name} login`,
      fields: [
        toggle(`social.${service}.enable` as const, `Enable ${name} login`),
        ...(service === 'envato'
          ? [toggle('envato.enable', 'Envato integration', 'Envato login is offered only with this on.')]
          : []),
        textField(`${service}_id` as const, `${name} client ID`),
        secretField(
          `${service}_secret` as const,
          `${name} client secret`,
          service === 'google'
            ? 'Tried with the client ID at Google sign-in before they are saved.'
            : undefined,
        ),
        ...(service === 'envato' ? [secretField('envato_personal_token', 'Envato personal token')] : []),
      ],
    }),
  ),
];

const bytesHelp = 'In bytes; empty means no limit.';
export const uploadingSections: TSettingsSection[] = [
  {
    fields: [
      {
        key: 'uploads.chunk_size',
        label: 'Chunk size',
        help: 'Size in bytes of each chunk of resumable and multipart uploads.',
        kind: 'bytes',
      },
      { key: 'uploads.max_size', label: 'Maximum file size', help: bytesHelp, kind: 'bytes' },
      {
        key: 'uploads.available_space',
        label: 'Available space per user',
        help: `${bytesHelp} A user’s own setting overrides it.`,
        kind: 'bytes',
      },
      {
        key: 'uploads.allowed_extensions',
        label: 'Allowed extensions',
        help: 'Comma-separated (mp3, flac); empty allows every type.',
        kind: 'list',
      },
      {
        key: 'uploads.blocked_extensions',
        label: 'Blocked extensions',
        help: 'Comma-separated extensions always refused.',
        kind: 'list',
      },
      toggle(
        'uploads.s3_direct_upload',
        'Direct upload to S3',
        'Browsers upload straight to the S3 bucket (needs CORS on the bucket).',
      ),
    ],
  },
  {
    title: 'Storage',
    description: 'Chosen when the server starts.',
    fields: [
      textField(
        'uploads_disk_driver',
        'Uploads storage',
        'Private uploads: local, s3, digitalocean_s3 or backblaze_s3.',
      ),
      textField(
        'public_disk_driver',
        'Public storage',
        'Avatars and artwork: local, s3, digitalocean_s3 or backblaze_s3.',
      ),
      textField(
        'static_file_delivery',
        'Static file delivery',
        'none, or xaccel to hand bytes to a fronting nginx.',
      ),
      { key: 'uploads_disable_tus', label: 'Disable resumable uploads', kind: 'switch' },
    ],
  },
  {
    title: 'S3',
    fields: [
      textField('storage_s3_key', 'Access key'),
      secretField('storage_s3_secret', 'Secret key'),
      textField('storage_s3_region', 'Region'),
      textField('storage_s3_bucket', 'Bucket'),
      textField('storage_s3_endpoint', 'Endpoint', 'For S3-compatible services; empty for AWS.'),
    ],
  },
  ...(
    [
      ['digitalocean', 'DigitalOcean Spaces'],
      ['backblaze', 'Backblaze B2'],
    ] as const
  ).map(
    ([name, title]): TSettingsSection => ({
      title,
      fields: [
        textField(`storage_${name}_key` as const, 'Access key'),
        secretField(`storage_${name}_secret` as const, 'Secret key'),
        textField(`storage_${name}_region` as const, 'Region'),
        textField(`storage_${name}_bucket` as const, 'Bucket'),
      ],
    }),
  ),
];

export const outgoingEmailSections: TSettingsSection[] = [
  {
    fields: [
      {
        key: 'mail_from_address',
        label: 'From address',
        help: 'Address mail is sent from; empty uses no-reply at the site’s domain.',
        kind: 'email',
      },
      { key: 'mail_from_name', label: 'From name', help: 'Name mail is sent as.', kind: 'text' },
      {
        key: 'mail_driver',
        label: 'Mail driver',
        help: 'SMTP sends mail; Log keeps it in the outgoing-email log only.',
        kind: 'select',
        options: opts(['smtp', 'SMTP'], ['log', 'Log']),
      },
      {
        key: 'mail.contact_page_address',
        label: 'Contact page address',
        help: 'Where messages from the contact page go.',
        kind: 'email',
      },
    ],
  },
  {
    title: 'SMTP',
    fields: [
      { key: 'mail_host', label: 'SMTP host', kind: 'text' },
      { key: 'mail_port', label: 'SMTP port', help: 'Empty: 465 with SSL, else 587.', kind: 'number' },
      { key: 'mail_username', label: 'SMTP username', kind: 'text' },
      { key: 'mail_password', label: 'SMTP password', kind: 'secret' },
      {
        key: 'mail_encryption',
        label: 'SMTP encryption',
        kind: 'select',
        options: opts(['', 'None'], ['tls', 'TLS'], ['ssl', 'SSL']),
      },
    ],
  },
];
