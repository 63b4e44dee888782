import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Spinner } from '../spinner/spinner';

interface ButtonContentProps {
  isPending?: boolean;
  /** Announced while `isPending`. */
  pendingLabel: string;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  children?: ReactNode;
}

/** What Button and PlainButton show: icons and label, with a spinner over them while pending. */
export function ButtonContent({ isPending, pendingLabel, startIcon, endIcon, children }: ButtonContentProps) {
  return (
    <>
      {/* Content stays in the layout while pending so the button keeps its width. */}
      <span className={clsx('inline-flex items-center gap-[inherit]', isPending && 'invisible')}>
        {startIcon}
        {children}
        {endIcon}
      </span>
      {isPending && (
        <span className="absolute inset-0 flex items-center justify-center">
          <Spinner size="xs" color="current" label={pendingLabel} />
        </span>
      )}
    </>
  );
}
