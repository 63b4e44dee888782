import { clsx } from 'clsx';
import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import CircleCheckIcon from 'lucide-react/icons/circle-check';
import XIcon from 'lucide-react/icons/x';
import type { ReactNode } from 'react';
import { PlainIconButton } from '../plain-button/plain-icon-button';
import { Spinner } from '../spinner/spinner';

export type TToastType = 'positive' | 'danger' | 'loading';

export interface ToastAction {
  label: string;
  onAction: () => void;
}

export interface ToastViewProps {
  type: TToastType;
  message: ReactNode;
  action?: ToastAction;
  /** Shows a close button when given. */
  onClose?: () => void;
  closeLabel?: string;
  className?: string;
}

/**
 * One toast, as drawn. Queueing, replacement and auto-close timing belong to the app shell;
 * danger toasts interrupt (role alert), the others wait their turn (role status).
 */
export function ToastView({
  type,
  message,
  action,
  onClose,
  closeLabel = 'Close',
  className,
}: ToastViewProps) {
  return (
    <div
      role={type === 'danger' ? 'alert' : 'status'}
      data-type={type}
      className={clsx(
        'pointer-events-auto flex min-h-12 w-max max-w-[min(calc(100vw-2rem),32rem)] items-center gap-3',
        'rounded-panel bg-paper py-2 pr-2 pl-4 text-sm text-fg shadow-xl ring-1 ring-divider',
        'animate-toast-in motion-reduce:animate-none',
        className,
      )}
    >
      <ToastIcon type={type} />
      <div className="flex-auto py-1">{message}</div>
      {action && (
        <button
          type="button"
          onClick={action.onAction}
          className="cursor-pointer rounded-button px-2 py-1 font-semibold text-primary outline-none hover:bg-primary/10 focus-visible:ring-3 focus-visible:ring-focus"
        >
          {action.label}
        </button>
      )}
      {onClose && (
        <PlainIconButton aria-label={closeLabel} size="sm" onPress={onClose}>
          <XIcon aria-hidden />
        </PlainIconButton>
      )}
    </div>
  );
}

function ToastIcon({ type }: { type: TToastType }) {
  if (type === 'loading') return <Spinner size="xs" />;
  if (type === 'danger') return <CircleAlertIcon aria-hidden className="size-5 shrink-0 text-danger" />;
  return <CircleCheckIcon aria-hidden className="size-5 shrink-0 text-positive" />;
}

/** Fixed bottom-centre stack (spec 9 default position) for the app shell's toast host. */
export function ToastViewport({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={clsx(
        'pointer-events-none fixed inset-x-0 bottom-4 z-60 flex flex-col items-center gap-2 px-4',
        className,
      )}
    >
      {children}
    </div>
  );
}
