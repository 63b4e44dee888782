import { useEffect, useRef, useState } from 'react';

export interface DelayedVisibilityOptions {
  /** Wait this long after `isActive` turns true before showing. */
  delayMs: number;
  /** Once shown, stay visible at least this long, so the indicator never just flickers. */
  minVisibleMs: number;
}

/**
 * Turns a raw "is loading" flag into "should the indicator be visible": nothing for fast
 * work, and no flash when the work ends right after the indicator appeared.
 */
export function useDelayedVisibility(isActive: boolean, { delayMs, minVisibleMs }: DelayedVisibilityOptions) {
  const [isVisible, setIsVisible] = useState(isActive && delayMs <= 0);
  const shownAt = useRef<number | null>(isVisible ? Date.now() : null);

  useEffect(() => {
    if (isActive) {
      if (shownAt.current !== null) return;
      const show = () => {
        shownAt.current = Date.now();
        setIsVisible(true);
      };
      if (delayMs <= 0) {
        show();
        return;
      }
      const timer = setTimeout(show, delayMs);
      return () => clearTimeout(timer);
    }

    if (shownAt.current === null) return;
    const hide = () => {
      shownAt.current = null;
      setIsVisible(false);
    };
    const remaining = shownAt.current + minVisibleMs - Date.now();
    if (remaining <= 0) {
      hide();
      return;
    }
    const timer = setTimeout(hide, remaining);
    return () => clearTimeout(timer);
  }, [isActive, delayMs, minVisibleMs]);

  return isVisible;
}
