/** Stand-ins for the seeded default themes, so stories can be checked in both modes. */
export const storyThemes = {
  dark: {
    '--be-background': '18 18 18',
    '--be-background-alt': '24 24 24',
    '--be-background-chip': '51 51 51',
    '--be-paper': '34 34 34',
    '--be-foreground-base': '255 255 255',
    '--be-primary': '99 102 241',
    '--be-on-primary': '255 255 255',
    '--be-navbar-color': '24 24 24',
    '--be-text-main-opacity': '0.87',
    '--be-text-muted-opacity': '0.6',
    '--be-divider-opacity': '0.12',
    '--be-disabled-bg-opacity': '0.12',
  },
  light: {
    '--be-background': '255 255 255',
    '--be-background-alt': '246 248 250',
    '--be-background-chip': '233 236 239',
    '--be-paper': '255 255 255',
    '--be-foreground-base': '0 0 0',
    '--be-primary': '79 70 229',
    '--be-on-primary': '255 255 255',
    '--be-navbar-color': '246 248 250',
    '--be-text-main-opacity': '0.87',
    '--be-text-muted-opacity': '0.6',
    '--be-divider-opacity': '0.12',
    '--be-disabled-bg-opacity': '0.08',
  },
} as const;

export type TStoryTheme = keyof typeof storyThemes;
