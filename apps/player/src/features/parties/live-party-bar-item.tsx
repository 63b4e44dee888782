import { useTrans } from '@cadence/app-shell/use-trans';
import { PlainButton } from '@cadence/ui/plain-button';
import PartyPopperIcon from 'lucide-react/icons/party-popper';
import { Link } from 'react-router';
import { partySession } from './party-session';
import { partyPath } from './party-settings';
import { usePartySession } from './use-party-session';

/** The party this tab is in, in the player bar: a link to its page and "Leave" (party-bar-item.tsx). */
export function LivePartyBarItem({ isCompact = false }: { isCompact?: boolean }) {
  const { trans } = useTrans();
  const session = usePartySession();
  if (!session.code || !session.party || session.status !== 'live') return null;
  return (
    <div
      className="flex items-center gap-1"
      data-testid={isCompact ? 'party-bar-item-compact' : 'party-bar-item'}
    >
      <Link
        to={partyPath(session.code)}
        aria-label={isCompact ? trans('Party :code', { code: session.code }) : undefined}
        className="flex min-h-6 min-w-6 items-center gap-1 rounded-button px-2 py-1 text-sm text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-focus"
      >
        <PartyPopperIcon aria-hidden className="size-4" />
        {!isCompact && trans('Party :code', { code: session.code })}
      </Link>
      <PlainButton
        size="sm"
        variant="outline"
        onPress={() => void partySession.leave()}
        data-testid="party-leave"
      >
        {trans('Leave')}
      </PlainButton>
    </div>
  );
}
