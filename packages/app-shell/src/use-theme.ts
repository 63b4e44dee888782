import type { TBootstrapData } from '@cadence/contracts/bootstrap';
import type { TTheme } from '@cadence/contracts/theme';
import { useCallback, useLayoutEffect, useSyncExternalStore } from 'react';
import { applyTheme } from './apply-theme';
import { pickTheme } from './theme-choice';
import { getPrefersDark, getThemeChoice, setThemeChoice, subscribeTheme } from './theme-store';
import { useBootstrapData } from './use-bootstrap-data';

export function resolveActiveTheme(data: TBootstrapData, choice: string | null, prefersDark: boolean) {
  return pickTheme({
    choice,
    prefersDark,
    themes: data.themes.all,
    defaultThemeId: data.themes.selectedThemeId ?? data.settings.themes.default_id,
  });
}

export function useActiveTheme(): TTheme | null {
  const data = useBootstrapData();
  const choice = useSyncExternalStore(subscribeTheme, getThemeChoice);
  const prefersDark = useSyncExternalStore(subscribeTheme, getPrefersDark);
  return resolveActiveTheme(data, choice, prefersDark);
}

/** Keeps the CSS variables on <html> in step with the chosen theme. */
export function useApplyActiveTheme(): void {
  const theme = useActiveTheme();
  useLayoutEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
}

export interface ThemeSelector {
  /** Spec 1: users may switch dark/light only if settings allow it. */
  canChange: boolean;
  isDark: boolean;
  selectTheme: (choice: 'light' | 'dark' | 'system' | number) => void;
  toggleDarkMode: () => void;
}

export function useThemeSelector(): ThemeSelector {
  const canChange = useBootstrapData().settings.themes.user_change;
  const isDark = useActiveTheme()?.is_dark ?? false;
  const selectTheme = useCallback(
    (choice: 'light' | 'dark' | 'system' | number) => {
      if (canChange) setThemeChoice(String(choice));
    },
    [canChange],
  );
  const toggleDarkMode = useCallback(() => selectTheme(isDark ? 'light' : 'dark'), [isDark, selectTheme]);
  return { canChange, isDark, selectTheme, toggleDarkMode };
}
