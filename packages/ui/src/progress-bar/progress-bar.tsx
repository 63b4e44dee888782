import { clsx } from 'clsx';
import { useDelayedVisibility } from '../spinner/use-delayed-visibility';

export interface ProgressBarProps {
  /** 0-100. Leave out for an indeterminate bar. */
  value?: number;
  label?: string;
  /** Pin to the top edge of the viewport, above everything (route loading). */
  isPageTop?: boolean;
  /** While false the bar is not rendered. */
  isLoading?: boolean;
  /** Render only after this many ms of loading (spec 9: 50 for the top bar). */
  delay?: number;
  className?: string;
}

export function ProgressBar({
  value,
  label = 'Loading',
  isPageTop = false,
  isLoading = true,
  delay = 0,
  className,
}: ProgressBarProps) {
  const isVisible = useDelayedVisibility(isLoading, { delayMs: delay, minVisibleMs: 0 });
  if (!isVisible) return null;

  const isIndeterminate = value === undefined;
  const percentage = isIndeterminate ? 0 : Math.min(100, Math.max(0, value));
  return (
    // Native markup with the progressbar role: the top bar is in the shell, so no react-aria.
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={isIndeterminate ? undefined : 0}
      aria-valuemax={isIndeterminate ? undefined : 100}
      aria-valuenow={isIndeterminate ? undefined : percentage}
      aria-valuetext={isIndeterminate ? undefined : `${Math.round(percentage)}%`}
      className={clsx(
        'h-1 w-full overflow-hidden bg-primary/20',
        isPageTop ? 'fixed inset-x-0 top-0 z-70' : 'rounded-full',
        className,
      )}
    >
      <div
        className={clsx(
          'h-full bg-primary',
          isIndeterminate
            ? 'w-full origin-left animate-progress-slide motion-reduce:animate-pulse'
            : 'transition-[width]',
        )}
        style={isIndeterminate ? undefined : { width: `${percentage}%` }}
      />
    </div>
  );
}
