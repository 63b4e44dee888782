import { clsx } from 'clsx';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { ButtonContent } from '../button/button-content';
import { buttonClasses, type TButtonSize, type TButtonVariant } from '../button/button-styles';

type TNativeButtonProps = Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'className' | 'disabled' | 'children'
>;

export interface PlainButtonProps extends TNativeButtonProps {
  variant?: TButtonVariant;
  size?: TButtonSize;
  isFullWidth?: boolean;
  isDisabled?: boolean;
  isPending?: boolean;
  /** Announced while `isPending`. */
  pendingLabel?: string;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  /** Called on click, Enter and Space (the native button's own activation). */
  onPress?: () => void;
  className?: string;
  children?: ReactNode;
}

/**
 * Button's look on a native `<button>`, without react-aria: for the shell and the first page,
 * whose JavaScript budget has no room for it. Forms and dialogs keep `Button`.
 */
export function PlainButton({
  variant = 'primary',
  size = 'md',
  isFullWidth,
  isDisabled,
  isPending,
  pendingLabel = 'Loading',
  startIcon,
  endIcon,
  onPress,
  onClick,
  type = 'button',
  className,
  children,
  ...props
}: PlainButtonProps) {
  return (
    <button
      {...props}
      type={type}
      disabled={isDisabled}
      aria-disabled={isPending || undefined}
      data-disabled={isDisabled || undefined}
      data-pending={isPending || undefined}
      onClick={(event) => {
        onClick?.(event);
        if (!isPending && !event.defaultPrevented) onPress?.();
      }}
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
    </button>
  );
}
