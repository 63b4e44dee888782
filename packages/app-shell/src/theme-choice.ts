import type { TTheme } from '@cadence/contracts/theme';

export const THEME_COOKIE = 'be-active-theme';

export interface ThemeChoiceInput {
  /** The `be-active-theme` cookie value, null when absent. */
  choice: string | null;
  themes: TTheme[];
  prefersDark: boolean;
  /** Used when there is no cookie: the server's selected theme, else the settings default. */
  defaultThemeId?: number | null;
}

export function isSystemChoice(choice: string | null): boolean {
  return choice === '0' || choice === 'system';
}

/**
 * Spec 4 "Theme choice": 0 or system follows the OS preference; light or dark pick the default
 * theme of that kind; otherwise a theme id; falls back to the first theme.
 */
export function pickTheme({ choice, themes, prefersDark, defaultThemeId }: ThemeChoiceInput): TTheme | null {
  const first = themes[0] ?? null;
  const defaultOfKind = (isDark: boolean) =>
    themes.find((theme) => (isDark ? theme.default_dark : theme.default_light)) ?? first;

  if (choice === null || choice === '') {
    return themes.find((theme) => theme.id === defaultThemeId) ?? first;
  }
  if (isSystemChoice(choice)) return defaultOfKind(prefersDark);
  if (choice === 'light') return defaultOfKind(false);
  if (choice === 'dark') return defaultOfKind(true);
  const id = Number(choice);
  return themes.find((theme) => theme.id === id) ?? first;
}
