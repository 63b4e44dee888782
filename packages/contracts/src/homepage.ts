import type { TClientSettings } from './settings';

/**
 * What `/` shows (spec 2.4 homepage setting, settings `homepage.type` and `homepage.value`): the
 * api's first answer and the player's router both read it from here.
 */
export type THomePage =
  | { kind: 'channel'; slugOrId: string }
  | { kind: 'customPage'; pageKey: string }
  | { kind: 'landing' }
  | { kind: 'login' }
  | { kind: 'register' };

/** The channel `/` shows when the setting names none. */
export const DEFAULT_HOME_CHANNEL = 'discover';

/**
 * The landing, login and registration pages are for guests: a signed-in visitor (whom the login
 * and registration pages would send back to `/`) gets the home channel. With registration off,
 * the registration page's own rule applies and `/` is the login page.
 */
export function homePageOf(
  settings: Pick<TClientSettings, 'homepage' | 'registration'>,
  isSignedIn: boolean,
): THomePage {
  const { type, value } = settings.homepage;
  if (!isSignedIn) {
    if (type === 'landingPage') return { kind: 'landing' };
    if (type === 'loginPage') return { kind: 'login' };
    if (type === 'registerPage')
      return settings.registration.disable ? { kind: 'login' } : { kind: 'register' };
  }
  if (type === 'customPage' && value) return { kind: 'customPage', pageKey: value };
  return { kind: 'channel', slugOrId: type === 'channel' && value ? value : DEFAULT_HOME_CHANNEL };
}
