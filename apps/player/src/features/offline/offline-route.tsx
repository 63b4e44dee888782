import { OfflinePage } from '@cadence/app-shell/offline-page';
import { useAuth } from '@cadence/app-shell/use-auth';
import { type ComponentType, lazy, Suspense, useMemo } from 'react';
import { isOfflineSupported } from './offline-support';

const NOTHING: ComponentType = () => null;

/**
 * The downloads list, out of the first download: the worker precaches every chunk, so it opens
 * without a network too. Without an active worker (a first visit before it installed, or a
 * browser that refuses it) the chunk cannot load offline: the list is left out rather than the
 * failed import reaching the player frame's error boundary, which replaced the whole frame and
 * its audio element, stopping the music (a listening party's network cut found it).
 */
export const loadDownloadedList = (): Promise<{ default: ComponentType }> =>
  import('./downloaded-list').then(
    (module) => ({ default: module.DownloadedList }),
    () => ({ default: NOTHING }),
  );

/**
 * Spec 2.3's /offline page, where the player goes when the connection drops, followed by what the
 * listener downloaded (issue 37): from here they open and play it without a network.
 */
export function OfflineRoute({ loadList = loadDownloadedList }: { loadList?: typeof loadDownloadedList }) {
  const { isLoggedIn } = useAuth();
  // One lazy component per visit: a list left out offline is tried again on the next visit.
  const DownloadedList = useMemo(() => lazy(loadList), [loadList]);
  return (
    <>
      <OfflinePage />
      {isLoggedIn && isOfflineSupported() && (
        <div className="mx-auto w-full max-w-3xl px-4 pb-16">
          <Suspense fallback={null}>
            <DownloadedList />
          </Suspense>
        </div>
      )}
    </>
  );
}
