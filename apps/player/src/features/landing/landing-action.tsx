import { AppLink } from '@cadence/app-shell/app-link';
import { useTrans } from '@cadence/app-shell/use-trans';
import { clsx } from 'clsx';
import type { TLandingAction } from './landing-settings';

/** A call to action from `landing.actions.cta*`: a route inside the app or an outside link. */
export function LandingAction({ action, isPrimary }: { action?: TLandingAction; isPrimary?: boolean }) {
  const { trans } = useTrans();
  if (!action?.label || !action.action) return null;
  return (
    <AppLink
      href={action.action}
      target={action.type === 'link' ? '_blank' : null}
      className={clsx(
        'inline-flex h-12 items-center rounded-button px-6 font-semibold transition-colors',
        isPrimary
          ? 'bg-primary text-on-primary hover:bg-primary/90'
          : 'border border-white/60 text-white hover:bg-white/10',
      )}
    >
      {trans(action.label)}
    </AppLink>
  );
}
