import { darkTheme, lightTheme } from '@cadence/contracts/default-themes';

/**
 * The catalogue's themes are the seeded default themes themselves (the variables the appearance
 * editor edits and the app shell writes on the root element), so a story looks like the product.
 */
export const storyThemes = {
  dark: darkTheme.values,
  light: lightTheme.values,
} as const;

export type TStoryTheme = keyof typeof storyThemes;
