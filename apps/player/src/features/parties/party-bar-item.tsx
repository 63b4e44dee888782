import { useTrans } from '@cadence/app-shell/use-trans';
import { PlainButton } from '@cadence/ui/plain-button';
import PartyPopperIcon from 'lucide-react/icons/party-popper';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { partySession, rememberedParty } from './party-session';
import { partyPath, usePartySession } from './use-party-session';

let hasResumed = false;

/** The party this tab is in, in the player bar: a link to its page and "Leave". Resumes it after a reload. */
export function PartyBarItem({ isCompact = false }: { isCompact?: boolean }) {
  const { trans } = useTrans();
  const session = usePartySession();
  useEffect(() => {
    if (hasResumed) return;
    hasResumed = true;
    const code = rememberedParty();
    if (code && partySession.getSnapshot().code === null) void partySession.open(code, false).catch(() => {});
  }, []);
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
