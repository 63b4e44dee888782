import type { TButtonSize } from '../button/button-styles';

/** Icon sizes inside icon-only buttons, shared by IconButton and PlainIconButton. */
export const iconSizeClasses: Record<TButtonSize, string> = {
  xs: '[&_svg]:size-3.5',
  sm: '[&_svg]:size-4',
  md: '[&_svg]:size-5',
  lg: '[&_svg]:size-6',
};
