import { OfflinePage } from '@cadence/app-shell/offline-page';
import { useAuth } from '@cadence/app-shell/use-auth';
import { lazy, Suspense } from 'react';
import { isOfflineSupported } from './offline-support';

// Out of the first download: the worker precaches every chunk, so it opens without a network too.
const DownloadedList = lazy(() => import('./downloaded-list').then((m) => ({ default: m.DownloadedList })));

/**
 * Spec 2.3's /offline page, where the player goes when the connection drops, followed by what the
 * listener downloaded (issue 37): from here they open and play it without a network.
 */
export function OfflineRoute() {
  const { isLoggedIn } = useAuth();
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
