import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

export const CONNECTIVITY_REDIRECT_DELAY_MS = 100;
export const OFFLINE_PATH = '/offline';
export const ONLINE_PATH = '/discover';

/**
 * Spec 2.3: going offline leads to /offline, coming back online to /discover, each unless
 * already there, after a 100 ms delay (a flapping connection only moves once).
 */
export function useOfflineRedirects(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  pathRef.current = pathname;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const goTo = (path: string) => () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (pathRef.current !== path) navigate(path);
      }, CONNECTIVITY_REDIRECT_DELAY_MS);
    };
    const onOffline = goTo(OFFLINE_PATH);
    const onOnline = goTo(ONLINE_PATH);
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    // A page opened without a network (the service worker's fallback) is already offline.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) onOffline();
    return () => {
      clearTimeout(timer);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, [navigate]);
}
