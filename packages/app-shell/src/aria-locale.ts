import { getBootstrapData, subscribeBootstrapData } from './bootstrap-store';

/** Where react-aria reads the page's locale when no `I18nProvider` is above a component. */
const ARIA_LOCALE = Symbol.for('react-aria.i18n.locale');

type TLocaleWindow = Window & { [ARIA_LOCALE]?: string };

/**
 * Gives react-aria the site's language without an `I18nProvider` at the root: importing the
 * provider evaluates react-aria's default-locale module, whose `Intl.DateTimeFormat
 * .supportedLocalesOf` probe cost ~73 ms (4x CPU) in the first render's task. Its lazy parts
 * read this value when they load; a later change is announced as a `languagechange`, which
 * react-aria listens to.
 */
export function setAriaLocale(language: string, win: TLocaleWindow = window): void {
  if (win[ARIA_LOCALE] === language) return;
  const isChange = win[ARIA_LOCALE] !== undefined;
  win[ARIA_LOCALE] = language;
  if (isChange) win.dispatchEvent(new Event('languagechange'));
}

/** Keeps react-aria's locale on bootstrap data's language (login, logout, language menu). */
export function syncAriaLocale(): () => void {
  setAriaLocale(getBootstrapData().i18n.language);
  return subscribeBootstrapData(() => setAriaLocale(getBootstrapData().i18n.language));
}
