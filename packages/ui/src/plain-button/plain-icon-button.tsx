import { clsx } from 'clsx';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { buttonClasses, type TButtonSize, type TButtonVariant } from '../button/button-styles';
import { iconSizeClasses } from '../icon-button/icon-size-classes';

export interface PlainIconButtonProps
  extends Omit<
    ButtonHTMLAttributes<HTMLButtonElement>,
    'className' | 'disabled' | 'children' | 'aria-label'
  > {
  /** Required: an icon alone gives screen readers nothing to announce. */
  'aria-label': string;
  variant?: TButtonVariant;
  size?: TButtonSize;
  isDisabled?: boolean;
  /** Called on click, Enter and Space (the native button's own activation). */
  onPress?: () => void;
  className?: string;
  children: ReactNode;
}

/** PlainIconButton's classes, for a native `<button>` inside a component that renders many (cards). */
export const plainIconButtonClasses = (variant: TButtonVariant = 'text', size: TButtonSize = 'md') =>
  clsx(buttonClasses({ variant, size, isIconOnly: true }), iconSizeClasses[size]);

/** IconButton's look on a native `<button>`, for the shell and the first page (no react-aria). */
export function PlainIconButton({
  variant = 'text',
  size = 'md',
  isDisabled,
  onPress,
  onClick,
  type = 'button',
  className,
  children,
  ...props
}: PlainIconButtonProps) {
  return (
    <button
      {...props}
      type={type}
      disabled={isDisabled}
      data-disabled={isDisabled || undefined}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onPress?.();
      }}
      className={clsx(plainIconButtonClasses(variant, size), className)}
    >
      {children}
    </button>
  );
}
