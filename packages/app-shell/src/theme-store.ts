import { readCookie, writeCookie } from './cookies';
import { THEME_COOKIE } from './theme-choice';

type Listener = () => void;

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<Listener>();
let choice: string | null | undefined;

function notify(): void {
  for (const listener of listeners) listener();
}

export function getThemeChoice(): string | null {
  if (choice === undefined) choice = readCookie(THEME_COOKIE);
  return choice;
}

/**
 * Remembers the choice in the `be-active-theme` cookie (7 days, path /); `persist: false` only
 * for this page (the appearance editor's preview must not change the editor's own theme).
 */
export function setThemeChoice(next: string, { persist = true }: { persist?: boolean } = {}): void {
  if (persist) writeCookie(THEME_COOKIE, next);
  choice = next;
  notify();
}

export function getPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Notifies on choice changes and on OS colour-scheme changes (for the system choice). */
export function subscribeTheme(listener: Listener): () => void {
  listeners.add(listener);
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  media?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', listener);
  };
}

/** Test hook: forget the cached cookie value. */
export function resetThemeChoice(): void {
  choice = undefined;
}
