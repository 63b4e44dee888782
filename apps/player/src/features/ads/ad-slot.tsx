import { useAuth } from '@cadence/app-shell/use-auth';
import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import { clsx } from 'clsx';
import { lazy, Suspense } from 'react';
import { readAdHtml, type TAdSlot } from './ad-settings';

// Only a site with ads configured loads the frame's code; its slot is laid out at once.
const AdFrame = lazy(() => import('./ad-frame').then((m) => ({ default: m.AdFrame })));

/** One of the five ad slots of spec 2.12; renders nothing unless configured and ads are on. */
export function AdSlot({ slot, className }: { slot: TAdSlot; className?: string }) {
  const { trans } = useTrans();
  const { isSubscribed } = useAuth();
  const html = readAdHtml(useSettings(), slot, isSubscribed);
  if (!html) return null;
  return (
    <aside
      aria-label={trans('Advertisement')}
      className={clsx('overflow-hidden', className)}
      data-testid={`ad-${slot}`}
    >
      <Suspense fallback={null}>
        <AdFrame slot={slot} code={html} title={trans('Advertisement')} />
      </Suspense>
    </aside>
  );
}
