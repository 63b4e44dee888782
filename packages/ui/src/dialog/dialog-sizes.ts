/** Spec 9: dialog widths run from 256 px to 1280 px. */
export const DIALOG_WIDTHS = {
  xs: 256,
  sm: 384,
  md: 512,
  lg: 640,
  xl: 768,
  '2xl': 1024,
  '3xl': 1280,
} as const;

export type TDialogSize = keyof typeof DIALOG_WIDTHS | 'fullscreen';
