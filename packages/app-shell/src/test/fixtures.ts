import type { TBootstrapData } from '@cadence/contracts/bootstrap';
import type { TTheme } from '@cadence/contracts/theme';
import type { TUser } from '@cadence/contracts/user';

export const lightTheme: TTheme = {
  id: 1,
  name: 'Light',
  is_dark: false,
  default_light: true,
  default_dark: false,
  values: { '--be-background': '255 255 255', '--be-foreground-base': '0 0 0' },
};

export const darkTheme: TTheme = {
  id: 2,
  name: 'Dark',
  is_dark: true,
  default_light: false,
  default_dark: true,
  values: { '--be-background': '18 18 18', '--be-foreground-base': '255 255 255' },
};

export function makeUser(overrides: Partial<TUser> = {}): TUser {
  return {
    id: 7,
    name: 'Ada Lovelace',
    image: null,
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    language: 'en',
    country: null,
    timezone: null,
    email_verified_at: '2026-01-01T00:00:00Z',
    banned_at: null,
    unread_notifications_count: 0,
    two_factor_confirmed_at: null,
    roles: [],
    permissions: [],
    subscriptions: [],
    social_profiles: [],
    ...overrides,
  };
}

export function makeBootstrap(overrides: Partial<TBootstrapData> = {}): TBootstrapData {
  return {
    settings: {
      base_url: 'http://localhost:3000',
      require_email_confirmation: false,
      dates: { default_timezone: 'UTC' },
      cookie_notice: { enable: true, position: 'bottom', button: null },
      themes: { default_id: 2, user_change: true },
      branding: {
        site_name: 'Cadence',
        site_description: '',
        logo_light: '',
        logo_dark: '',
        logo_light_mobile: '',
        logo_dark_mobile: '',
        favicon: '',
      },
      registration: { disable: false, policies: [] },
      social: {
        google: { enable: false },
        facebook: { enable: false },
        twitter: { enable: false },
        envato: { enable: false },
        compact_buttons: false,
      },
      recaptcha: { site_key: '', enable: { register: false, contact: false } },
      billing: { enable: false, integrated: false },
      notifications: { integrated: false },
      api: { integrated: false },
      uploads: {
        chunk_size: 5242880,
        uploads_driver: 'local',
        public_driver: 'local',
        s3_direct_upload: false,
        disable_tus: false,
      },
      site: { demo: false },
      i18n: { enable: true, default_localization: 'en' },
      homepage: { type: 'channel', value: null },
    },
    i18n: { id: 1, name: 'English', language: 'en', lines: {} },
    localizations: [],
    themes: { all: [lightTheme, darkTheme], selectedThemeId: null },
    menus: [],
    user: null,
    guest_role: { id: 3, permissions: [] },
    show_cookie_notice: false,
    ...overrides,
  };
}

/** The fixture the apps' own tests use: no themes and no cookie notice, so they see only their chrome. */
export function makeAppBootstrap(): TBootstrapData {
  const base = makeBootstrap();
  return {
    ...base,
    settings: {
      ...base.settings,
      cookie_notice: { ...base.settings.cookie_notice, enable: false },
      themes: { ...base.settings.themes, default_id: 1 },
    },
    themes: { all: [], selectedThemeId: null },
  };
}
