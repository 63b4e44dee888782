import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { buttonClasses, type TButtonSize, type TButtonVariant } from '../button/button-styles';
import { iconSizeClasses } from './icon-size-classes';

export interface IconButtonProps extends Omit<AriaButtonProps, 'className' | 'children' | 'aria-label'> {
  /** Required: an icon alone gives screen readers nothing to announce. */
  'aria-label': string;
  variant?: TButtonVariant;
  size?: TButtonSize;
  className?: string;
  children: ReactNode;
}

export function IconButton({
  variant = 'text',
  size = 'md',
  className,
  children,
  ...props
}: IconButtonProps) {
  return (
    <AriaButton
      {...props}
      className={clsx(buttonClasses({ variant, size, isIconOnly: true }), iconSizeClasses[size], className)}
    >
      {children}
    </AriaButton>
  );
}
