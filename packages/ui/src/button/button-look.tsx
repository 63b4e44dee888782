import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { ButtonContent } from './button-content';
import { buttonClasses, type TButtonSize, type TButtonVariant } from './button-styles';

/** The props that decide how Button and PlainButton look, whichever element renders them. */
export interface TButtonLookProps {
  variant?: TButtonVariant;
  size?: TButtonSize;
  isFullWidth?: boolean;
  isPending?: boolean;
  /** Announced while `isPending`. */
  pendingLabel?: string;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/**
 * A button's class and content, and the props left for the element itself (`isPending` stays
 * with them: each element announces it its own way).
 */
export function splitButtonLook<P extends TButtonLookProps>(props: P) {
  const {
    variant = 'primary',
    size = 'md',
    isFullWidth,
    pendingLabel = 'Loading',
    startIcon,
    endIcon,
    className,
    children,
    ...rest
  } = props;
  return {
    className: clsx(buttonClasses({ variant, size, isFullWidth }), className),
    content: (
      <ButtonContent
        isPending={props.isPending}
        pendingLabel={pendingLabel}
        startIcon={startIcon}
        endIcon={endIcon}
      >
        {children}
      </ButtonContent>
    ),
    rest,
  };
}
