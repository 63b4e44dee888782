import type { TTheme } from '@cadence/contracts/theme';

const appliedKeys = new WeakMap<HTMLElement, string[]>();

/** Writes the theme's CSS variables on the root element, removing ones a previous theme set. */
export function applyTheme(theme: TTheme, root: HTMLElement = document.documentElement): void {
  for (const key of appliedKeys.get(root) ?? []) {
    if (!(key in theme.values)) root.style.removeProperty(key);
  }
  for (const [key, value] of Object.entries(theme.values)) root.style.setProperty(key, value);
  appliedKeys.set(root, Object.keys(theme.values));
  root.classList.toggle('dark', theme.is_dark);
  root.style.colorScheme = theme.is_dark ? 'dark' : 'light';
  root.dataset.themeId = String(theme.id);
}
