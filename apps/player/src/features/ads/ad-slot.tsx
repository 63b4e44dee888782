import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import { clsx } from 'clsx';
import { lazy, Suspense } from 'react';
import { readAdHtml, type TAdSlot } from './ad-settings';

const AdHtml = lazy(() => import('./ad-html'));

/** One of the five ad slots of spec 2.12; renders nothing unless configured and ads are on. */
export function AdSlot({ slot, className }: { slot: TAdSlot; className?: string }) {
  const { trans } = useTrans();
  const html = readAdHtml(useSettings(), slot);
  if (!html) return null;
  return (
    <aside
      aria-label={trans('Advertisement')}
      className={clsx('flex justify-center overflow-hidden', className)}
      data-testid={`ad-${slot}`}
    >
      <Suspense fallback={null}>
        <AdHtml html={html} />
      </Suspense>
    </aside>
  );
}
