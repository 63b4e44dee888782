import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { ButtonContent } from './button-content';
import { buttonClasses, type TButtonSize, type TButtonVariant } from './button-styles';

export type { TButtonSize, TButtonVariant } from './button-styles';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'> {
  variant?: TButtonVariant;
  size?: TButtonSize;
  isFullWidth?: boolean;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  /** Announced while `isPending`. */
  pendingLabel?: string;
  className?: string;
  children?: ReactNode;
}

export function Button({
  variant = 'primary',
  size = 'md',
  isFullWidth,
  startIcon,
  endIcon,
  pendingLabel = 'Loading',
  className,
  children,
  isPending,
  ...props
}: ButtonProps) {
  return (
    <AriaButton
      {...props}
      isPending={isPending}
      className={clsx(buttonClasses({ variant, size, isFullWidth }), className)}
    >
      <ButtonContent
        isPending={isPending}
        pendingLabel={pendingLabel}
        startIcon={startIcon}
        endIcon={endIcon}
      >
        {children}
      </ButtonContent>
    </AriaButton>
  );
}
