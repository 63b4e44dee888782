import { describe, expect, it } from 'vitest';
import { darkTheme, defaultThemes, lightTheme, type TDefaultTheme } from './default-themes';
import { ZThemeSchema } from './theme';

type Rgb = [number, number, number];

const channels = (theme: TDefaultTheme, name: string): Rgb => {
  const value = theme.values[name];
  if (!value) throw new Error(`${theme.name} lacks ${name}`);
  const parts = value.split(' ').map(Number);
  expect(parts).toHaveLength(3);
  return parts as Rgb;
};
const opacity = (theme: TDefaultTheme, name: string) => Number(theme.values[name]);

/** WCAG 2.x relative luminance and contrast ratio. */
const luminance = ([r, g, b]: Rgb) => {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
};
const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
const blend = (fg: Rgb, bg: Rgb, alpha: number): Rgb =>
  fg.map((c, i) => Math.round(c * alpha + (bg[i] as number) * (1 - alpha))) as Rgb;

const required = [
  '--be-background',
  '--be-foreground-base',
  '--be-primary',
  '--be-on-primary',
  '--be-danger',
  '--be-positive',
  '--be-warning',
  '--be-paper',
  '--be-background-alt',
  '--be-background-chip',
  '--be-disabled-bg-opacity',
  '--be-focus-opacity',
  '--be-text-main-opacity',
  '--be-text-muted-opacity',
  '--be-divider-opacity',
  '--be-navbar-color',
  '--be-button-radius',
  '--be-input-radius',
  '--be-panel-radius',
  '--be-font-family',
];

describe('defaultThemes', () => {
  it('seeds one light and one dark default, dark first', () => {
    expect(defaultThemes.map((t) => t.is_dark)).toEqual([true, false]);
    expect(defaultThemes.filter((t) => t.default_dark)).toEqual([darkTheme]);
    expect(defaultThemes.filter((t) => t.default_light)).toEqual([lightTheme]);
    for (const theme of defaultThemes) expect(() => ZThemeSchema.parse({ id: 1, ...theme })).not.toThrow();
  });

  it.each(defaultThemes)('$name defines every theme variable', (theme) => {
    for (const name of required) expect(theme.values[name], name).toBeTruthy();
  });

  it.each(defaultThemes)('$name keeps text at WCAG AA (4.5:1) on every surface', (theme) => {
    const foreground = channels(theme, '--be-foreground-base');
    for (const surface of ['--be-background', '--be-background-alt', '--be-paper', '--be-background-chip']) {
      const bg = channels(theme, surface);
      for (const level of ['--be-text-main-opacity', '--be-text-muted-opacity']) {
        const text = blend(foreground, bg, opacity(theme, level));
        expect(contrast(text, bg), `${level} on ${surface}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    const onPrimary = contrast(channels(theme, '--be-on-primary'), channels(theme, '--be-primary'));
    expect(onPrimary).toBeGreaterThanOrEqual(4.5);
    for (const accent of ['--be-primary', '--be-danger', '--be-positive', '--be-warning']) {
      expect(
        contrast(channels(theme, accent), channels(theme, '--be-background')),
        accent,
      ).toBeGreaterThanOrEqual(4.5);
    }
  });
});
