import { useAuth } from '@cadence/app-shell/use-auth';
import { useTrans } from '@cadence/app-shell/use-trans';
import { lazy, Suspense } from 'react';
import { DownloadActionButton } from './download-action-button';
import type { TDownloadTarget } from './download-toggle';
import { isOfflineSupported } from './offline-support';

// The toggle, the offline store and its query load only for a listener who may download, so a
// guest's album page does not preload them (issue 33).
const DownloadToggle = lazy(() => import('./download-toggle').then((m) => ({ default: m.DownloadToggle })));

/**
 * "Download" on an album or playlist page (issue 37): keeps it for offline listening. Shown only
 * to listeners holding `music.download` in a browser that can keep it; once kept, the same
 * button removes it.
 */
export function DownloadButton({ type, id, path }: TDownloadTarget) {
  const { hasPermission } = useAuth();
  const isAllowed = hasPermission('music.download') && isOfflineSupported();
  if (!isAllowed) return null;
  return (
    <Suspense fallback={<PendingDownload />}>
      <DownloadToggle type={type} id={id} path={path} />
    </Suspense>
  );
}

/** What the toggle draws while its downloads are read: the same disabled button, no shift. */
function PendingDownload() {
  const { trans } = useTrans();
  return <DownloadActionButton isDisabled>{trans('Download')}</DownloadActionButton>;
}
