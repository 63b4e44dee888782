import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme } from './test/fixtures';
import { pickTheme } from './theme-choice';

const blue = { ...lightTheme, id: 5, name: 'Blue', default_light: false };
const themes = [blue, lightTheme, darkTheme];

describe('pickTheme (spec 4 theme choice)', () => {
  it.each(['0', 'system'])('%s follows the OS preference', (choice) => {
    expect(pickTheme({ choice, themes, prefersDark: true })?.id).toBe(darkTheme.id);
    expect(pickTheme({ choice, themes, prefersDark: false })?.id).toBe(lightTheme.id);
  });

  it('light and dark pick the default theme of that kind', () => {
    expect(pickTheme({ choice: 'light', themes, prefersDark: true })?.id).toBe(lightTheme.id);
    expect(pickTheme({ choice: 'dark', themes, prefersDark: false })?.id).toBe(darkTheme.id);
  });

  it('a theme id picks that theme', () => {
    expect(pickTheme({ choice: '5', themes, prefersDark: true })?.id).toBe(5);
  });

  it('falls back to the first theme for an unknown id or a missing default', () => {
    expect(pickTheme({ choice: '99', themes, prefersDark: false })?.id).toBe(5);
    expect(pickTheme({ choice: 'dark', themes: [blue, lightTheme], prefersDark: false })?.id).toBe(5);
  });

  it('without a cookie uses the default theme id, else the first', () => {
    expect(pickTheme({ choice: null, themes, prefersDark: false, defaultThemeId: 2 })?.id).toBe(2);
    expect(pickTheme({ choice: null, themes, prefersDark: false })?.id).toBe(5);
  });

  it('returns null only when there are no themes', () => {
    expect(pickTheme({ choice: 'dark', themes: [], prefersDark: true })).toBeNull();
  });

  it('always returns one of the given themes', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.boolean(), (choice, prefersDark) => {
        const picked = pickTheme({ choice, themes, prefersDark });
        return picked !== null && themes.includes(picked);
      }),
    );
  });
});
