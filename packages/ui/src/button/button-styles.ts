import { clsx } from 'clsx';

export type TButtonVariant = 'primary' | 'outline' | 'text' | 'danger';
export type TButtonSize = 'xs' | 'sm' | 'md' | 'lg';

export interface ButtonStyleOptions {
  variant?: TButtonVariant;
  size?: TButtonSize;
  isIconOnly?: boolean;
  isFullWidth?: boolean;
}

const variantClasses: Record<TButtonVariant, string> = {
  primary: 'bg-primary text-on-primary hover:bg-primary/90 active:bg-primary/80 data-disabled:bg-disabled',
  outline: 'border border-divider text-fg hover:bg-fg-base/5 active:bg-fg-base/10',
  text: 'text-fg hover:bg-fg-base/5 active:bg-fg-base/10',
  // The page's background colour on the danger colour: dark red with white in light themes, light red with near-black in dark ones (4.5:1 either way).
  danger: 'bg-danger text-bg hover:bg-danger/90 active:bg-danger/80 data-disabled:bg-disabled',
};

const sizeClasses: Record<TButtonSize, string> = {
  xs: 'h-7 px-2 text-xs gap-1',
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  lg: 'h-12 px-6 text-base gap-2',
};

const iconSizeClasses: Record<TButtonSize, string> = {
  xs: 'size-7',
  sm: 'size-8',
  md: 'size-10',
  lg: 'size-12',
};

/** Class list shared by Button, IconButton and links that must look like buttons. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  isIconOnly = false,
  isFullWidth = false,
}: ButtonStyleOptions = {}): string {
  return clsx(
    'relative inline-flex shrink-0 items-center justify-center whitespace-nowrap font-medium select-none',
    'cursor-pointer transition-colors outline-none focus-visible:ring-3 focus-visible:ring-focus',
    'data-focus-visible:ring-3 data-focus-visible:ring-focus',
    'data-disabled:cursor-default data-disabled:text-muted',
    'data-pending:cursor-wait',
    isIconOnly ? ['rounded-full', iconSizeClasses[size]] : ['rounded-button', sizeClasses[size]],
    variantClasses[variant],
    isFullWidth && 'w-full',
  );
}
