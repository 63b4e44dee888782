import {
  authenticationSections,
  generalSections,
  localizationSections,
  outgoingEmailSections,
  subscriptionsSections,
  type TSettingsSection,
  uploadingSections,
} from './form-sections';
import {
  adsSection,
  analyticsSections,
  gdprSections,
  playerSections,
  queueSections,
  recaptchaSections,
  websocketsSections,
} from './form-sections-system';

/** Spec 2.12: the sixteen tabs of /admin/settings, general first (the default). */
export const SETTINGS_FORM_TABS = [
  ['general', 'General'],
  ['subscriptions', 'Subscriptions'],
  ['localization', 'Localization'],
  ['authentication', 'Authentication'],
  ['uploading', 'Uploading'],
  ['outgoing-email', 'Outgoing email'],
  ['cache', 'Cache'],
  ['analytics', 'Analytics'],
  ['logging', 'Logging'],
  ['queue', 'Queue'],
  ['websockets', 'Websockets'],
  ['recaptcha', 'Recaptcha'],
  ['gdpr', 'GDPR'],
  ['search', 'Search'],
  ['providers', 'Providers'],
  ['player', 'Player'],
] as const;
export type TSettingsFormTab = (typeof SETTINGS_FORM_TABS)[number][0];

/** Each tab's fields. Cache, logging, search and providers explain what the server does instead. */
export const SETTINGS_FORM_SECTIONS: Partial<Record<TSettingsFormTab, TSettingsSection[]>> = {
  general: [...generalSections, adsSection],
  subscriptions: subscriptionsSections,
  localization: localizationSections,
  authentication: authenticationSections,
  uploading: uploadingSections,
  'outgoing-email': outgoingEmailSections,
  analytics: analyticsSections,
  queue: queueSections,
  websockets: websocketsSections,
  recaptcha: recaptchaSections,
  gdpr: gdprSections,
  player: playerSections,
};
