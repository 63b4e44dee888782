import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBootstrapData } from './bootstrap-store';
import { readCookie, writeCookie } from './cookies';
import { darkTheme, lightTheme, makeBootstrap } from './test/fixtures';
import { THEME_COOKIE } from './theme-choice';
import { resetThemeChoice } from './theme-store';
import { useApplyActiveTheme, useThemeSelector } from './use-theme';

let prefersDark = false;
const mediaListeners = new Set<() => void>();

function mockMatchMedia() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('dark') && prefersDark;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => mediaListeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => mediaListeners.delete(listener),
  }));
}

function Probe() {
  useApplyActiveTheme();
  const { isDark, canChange, toggleDarkMode } = useThemeSelector();
  return (
    <button type="button" onClick={toggleDarkMode} data-can-change={String(canChange)}>
      {isDark ? 'dark' : 'light'}
    </button>
  );
}

function withUserChange(isAllowed: boolean) {
  const base = makeBootstrap();
  setBootstrapData({
    ...base,
    settings: { ...base.settings, themes: { default_id: 1, user_change: isAllowed } },
  });
}

describe('theme (spec 4)', () => {
  beforeEach(() => {
    writeCookie(THEME_COOKIE, '', -1);
    resetThemeChoice();
    prefersDark = false;
    mockMatchMedia();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('applies the theme chosen by the cookie as CSS variables and a dark class', () => {
    writeCookie(THEME_COOKIE, 'dark');
    withUserChange(true);
    render(<Probe />);
    const root = document.documentElement;
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.getPropertyValue('--be-background')).toBe(darkTheme.values['--be-background']);
  });

  it('follows the OS preference live for the system choice', () => {
    writeCookie(THEME_COOKIE, 'system');
    withUserChange(true);
    render(<Probe />);
    expect(screen.getByRole('button').textContent).toBe('light');
    prefersDark = true;
    act(() => {
      for (const listener of mediaListeners) listener();
    });
    expect(screen.getByRole('button').textContent).toBe('dark');
    expect(document.documentElement.style.getPropertyValue('--be-background')).toBe('18 18 18');
  });

  it('toggles dark/light and remembers it in the be-active-theme cookie', () => {
    withUserChange(true);
    render(<Probe />);
    expect(screen.getByRole('button').textContent).toBe('light');
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('dark');
    expect(readCookie(THEME_COOKIE)).toBe('dark');
    expect(document.documentElement.style.getPropertyValue('--be-background')).toBe('18 18 18');
    act(() => screen.getByRole('button').click());
    expect(readCookie(THEME_COOKIE)).toBe('light');
    expect(document.documentElement.style.getPropertyValue('--be-background')).toBe(
      lightTheme.values['--be-background'],
    );
  });

  it('does not let users switch when settings forbid it', () => {
    withUserChange(false);
    render(<Probe />);
    expect(screen.getByRole('button').dataset.canChange).toBe('false');
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('light');
    expect(readCookie(THEME_COOKIE)).toBeNull();
  });
});
