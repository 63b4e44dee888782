import type { ButtonHTMLAttributes } from 'react';
import { splitButtonLook, type TButtonLookProps } from '../button/button-look';

type TNativeButtonProps = Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'className' | 'disabled' | 'children'
>;

export interface PlainButtonProps extends TNativeButtonProps, TButtonLookProps {
  isDisabled?: boolean;
  /** Called on click, Enter and Space (the native button's own activation). */
  onPress?: () => void;
}

/**
 * Button's look on a native `<button>`, without react-aria: for the shell and the first page,
 * whose JavaScript budget has no room for it. Forms and dialogs keep `Button`.
 */
export function PlainButton(allProps: PlainButtonProps) {
  const { className, content, rest } = splitButtonLook(allProps);
  const { isDisabled, isPending, onPress, onClick, type = 'button', ...props } = rest;
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
      className={className}
    >
      {content}
    </button>
  );
}
