import type { TTheme } from './theme';

export type TDefaultTheme = Omit<TTheme, 'id'>;

const shape = {
  '--be-disabled-bg-opacity': '0.12',
  '--be-focus-opacity': '0.12',
  '--be-text-main-opacity': '0.87',
  '--be-text-muted-opacity': '0.65',
  '--be-divider-opacity': '0.12',
  '--be-button-radius': '0.5rem',
  '--be-input-radius': '0.5rem',
  '--be-panel-radius': '0.75rem',
  '--be-font-family':
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
};

/** Colours are RGB channels ("r g b") so styles can add alpha: rgb(var(--be-primary) / 0.5). */
export const lightTheme: TDefaultTheme = {
  name: 'Light',
  is_dark: false,
  default_light: true,
  default_dark: false,
  values: {
    '--be-foreground-base': '0 0 0',
    '--be-background': '255 255 255',
    '--be-background-alt': '245 246 248',
    '--be-background-chip': '233 236 240',
    '--be-paper': '255 255 255',
    '--be-navbar-color': '255 255 255',
    '--be-primary': '21 128 61',
    '--be-on-primary': '255 255 255',
    '--be-danger': '185 28 28',
    '--be-positive': '21 128 61',
    '--be-warning': '161 98 7',
    ...shape,
  },
};

/** The player's default look: near-black surfaces with a bright green accent. */
export const darkTheme: TDefaultTheme = {
  name: 'Dark',
  is_dark: true,
  default_light: false,
  default_dark: true,
  values: {
    '--be-foreground-base': '255 255 255',
    '--be-background': '18 18 18',
    '--be-background-alt': '24 24 24',
    '--be-background-chip': '42 42 42',
    '--be-paper': '30 30 30',
    '--be-navbar-color': '18 18 18',
    '--be-primary': '34 197 94',
    '--be-on-primary': '0 0 0',
    '--be-danger': '248 113 113',
    '--be-positive': '74 222 128',
    '--be-warning': '251 191 36',
    ...shape,
  },
};

/** Dark first: with no choice cookie and an unknown OS preference the first theme wins. */
export const defaultThemes: TDefaultTheme[] = [darkTheme, lightTheme];
