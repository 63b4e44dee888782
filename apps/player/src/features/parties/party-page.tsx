import { toast } from '@cadence/app-shell/toast-store';
import { useAuth } from '@cadence/app-shell/use-auth';
import { useTrans } from '@cadence/app-shell/use-trans';
import { Button } from '@cadence/ui/button';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { ErrorState, PageSkeleton } from '../catalogue/page-states';
import { partyApi } from './party-api';
import { PartyRoom } from './party-room';
import { partySession } from './party-session';
import { usePartiesEnabled } from './party-settings';
import { usePartySession } from './use-party-session';

function Notice({ text }: { text: string }) {
  return (
    <div className="px-6 py-16 text-center" role="alert">
      <h1 className="text-xl font-semibold">{text}</h1>
    </div>
  );
}

/** /party/:code: the party this tab is in, or a preview with "Join" (guests: "Listen" when allowed). */
export function PartyPage() {
  const { trans } = useTrans();
  const { user } = useAuth();
  const navigate = useNavigate();
  const code = (useParams().code ?? '').toUpperCase();
  const session = usePartySession();
  const isEnabled = usePartiesEnabled();
  const isHere = session.code === code && session.party?.code === code;
  const preview = useQuery({
    queryKey: ['party', code],
    queryFn: () => partyApi.get(code),
    enabled: isEnabled && !isHere,
    retry: false,
  });
  const party = isHere ? session.party : preview.data;

  const enter = async () => {
    try {
      await partySession.open(code, !!user);
    } catch (failure) {
      toast.danger((failure as { message?: string }).message ?? trans('Could not join the party.'));
    }
  };
  const leave = async () => {
    await partySession.leave();
    navigate('/');
  };

  if (!isEnabled) return <Notice text={trans('Listening parties are turned off.')} />;
  if (!party && preview.isError) {
    const status = (preview.error as { status?: number }).status;
    if (status === 401 || status === 403)
      return (
        <Notice text={(preview.error as { message?: string }).message ?? trans('This party is private.')} />
      );
    return <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />;
  }
  if (!party) return <PageSkeleton />;
  const isInside = isHere && (party.is_member || !user);
  return (
    <div className="flex flex-col gap-6 p-4 md:p-6" data-testid="party-page">
      <header className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold">{trans(':name’s party', { name: party.host.name })}</h1>
          <p className="text-sm text-muted">
            {trans('Code')}{' '}
            <span className="font-mono font-semibold text-fg" data-testid="party-code">
              {party.code}
            </span>
          </p>
        </div>
        <Button
          variant="outline"
          onPress={() =>
            void navigator.clipboard?.writeText(party.link).then(
              () => toast.positive(trans('Link copied.')),
              () => toast.danger(party.link),
            )
          }
        >
          {trans('Copy link')}
        </Button>
        {isInside ? (
          <Button variant="outline" onPress={() => void leave()} data-testid="party-page-leave">
            {trans('Leave')}
          </Button>
        ) : (
          <Button onPress={() => void enter()} data-testid="party-join">
            {user ? trans('Join party') : trans('Listen')}
          </Button>
        )}
      </header>
      {session.status === 'ended' && isHere && <p role="status">{trans('This party has ended.')}</p>}
      {session.status === 'removed' && <p role="status">{trans('The host removed you from the party.')}</p>}
      <PartyRoom party={party} />
    </div>
  );
}
