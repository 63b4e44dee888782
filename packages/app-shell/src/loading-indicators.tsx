import { ProgressBar } from '@cadence/ui/progress-bar';
import { Spinner } from '@cadence/ui/spinner';
import { useDelayedVisibility } from '@cadence/ui/use-delayed-visibility';
import { useNavigation } from 'react-router';
import { trans } from './trans';

/** Spec 2.1 / 9 timings. */
export const PROGRESS_BAR_DELAY_MS = 50;
export const SPINNER_DELAY_MS = 500;
export const SPINNER_MIN_VISIBLE_MS = 200;

export function TopProgressBarView({ isLoading }: { isLoading: boolean }) {
  const isVisible = useDelayedVisibility(isLoading, { delayMs: PROGRESS_BAR_DELAY_MS, minVisibleMs: 0 });
  if (!isVisible) return null;
  return (
    <div data-testid="top-progress-bar">
      <ProgressBar isPageTop label={trans('Loading')} />
    </div>
  );
}

/** Appears only after 500 ms of loading, then stays at least 200 ms so it never flickers. */
export function RouteSpinnerView({ isLoading }: { isLoading: boolean }) {
  const isVisible = useDelayedVisibility(isLoading, {
    delayMs: SPINNER_DELAY_MS,
    minVisibleMs: SPINNER_MIN_VISIBLE_MS,
  });
  if (!isVisible) return null;
  return (
    <div
      className="pointer-events-none fixed inset-0 z-40 flex items-center justify-center"
      data-testid="route-spinner"
    >
      <Spinner size="lg" label={trans('Loading')} />
    </div>
  );
}

export function TopProgressBar() {
  return <TopProgressBarView isLoading={useNavigation().state === 'loading'} />;
}

export function RouteSpinner() {
  return <RouteSpinnerView isLoading={useNavigation().state === 'loading'} />;
}

/** Shown while the first (lazy) route of the page loads. */
export function RouteHydrateFallback() {
  return <RouteSpinnerView isLoading />;
}
