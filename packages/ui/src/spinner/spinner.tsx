import { clsx } from 'clsx';
import { useDelayedVisibility } from './use-delayed-visibility';

export type TSpinnerSize = 'xs' | 'sm' | 'md' | 'lg';

export interface SpinnerProps {
  /** Accessible name announced by screen readers. */
  label?: string;
  size?: TSpinnerSize;
  /** `current` inherits the text colour, e.g. inside a filled button. */
  color?: 'primary' | 'current';
  /** While false the spinner is hidden (after `minVisibleMs`, if it was shown). */
  isLoading?: boolean;
  /** Render only after this many ms of loading (the app shell uses 500). */
  delay?: number;
  /** Once shown, stay at least this many ms (the app shell uses 200). */
  minVisibleMs?: number;
  className?: string;
}

const sizeClasses: Record<TSpinnerSize, string> = {
  xs: 'size-4',
  sm: 'size-5',
  md: 'size-8',
  lg: 'size-12',
};

export function Spinner({
  label = 'Loading',
  size = 'md',
  color = 'primary',
  isLoading = true,
  delay = 0,
  minVisibleMs = 0,
  className,
}: SpinnerProps) {
  const isVisible = useDelayedVisibility(isLoading, { delayMs: delay, minVisibleMs });
  if (!isVisible) return null;

  return (
    // A native element with the progressbar role: the spinner is in the shell, so no react-aria.
    <div
      role="progressbar"
      aria-label={label}
      className={clsx('inline-flex', color === 'primary' && 'text-primary', sizeClasses[size], className)}
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden="true"
        className="size-full animate-spin motion-reduce:animate-[spin_2s_linear_infinite]"
      >
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </div>
  );
}
