import { fetchBootstrapData } from './bootstrap-store';
import { writeCookie } from './cookies';

/** The cookie the api reads to pick the localization of bootstrap data for a visitor. */
export const LANGUAGE_COOKIE = 'language';

/** Remembers the language and reloads bootstrap data so lines (and settings) follow it. */
export async function changeLanguage(language: string): Promise<void> {
  writeCookie(LANGUAGE_COOKIE, language);
  await fetchBootstrapData();
}
