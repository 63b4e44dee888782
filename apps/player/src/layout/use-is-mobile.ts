import { useSyncExternalStore } from 'react';

/** Below Tailwind's `md` (768 px): the player-ux mobile layout. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

function mediaQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(MOBILE_QUERY)
    : null;
}

function subscribe(listener: () => void) {
  const media = mediaQuery();
  media?.addEventListener('change', listener);
  return () => media?.removeEventListener('change', listener);
}

const isMobileNow = () => mediaQuery()?.matches ?? false;

/**
 * Mobile and desktop players are rendered one at a time (not both hidden by CSS), so one
 * control has one element and screen readers hear one player.
 */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, () => false);
}
