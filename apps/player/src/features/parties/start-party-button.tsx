import { toast } from '@cadence/app-shell/toast-store';
import { useAuth } from '@cadence/app-shell/use-auth';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TPartySource } from '@cadence/contracts/party';
import { PlainButton } from '@cadence/ui/plain-button';
import PartyPopperIcon from 'lucide-react/icons/party-popper';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { partyPath, usePartiesEnabled } from './party-settings';

/** "Start a party" from an album, a playlist (smart or not) or the queue: the starter hosts it. */
export function StartPartyButton({
  source,
  isDisabled,
}: {
  source: () => TPartySource | null;
  isDisabled?: boolean;
}) {
  const { trans } = useTrans();
  const { user } = useAuth();
  const navigate = useNavigate();
  const isEnabled = usePartiesEnabled();
  const [isPending, setPending] = useState(false);
  if (!user || !isEnabled) return null;
  const onPress = async () => {
    const chosen = source();
    if (!chosen) return;
    setPending(true);
    try {
      // The party session (and its realtime link) loads on the press, not with the page.
      const [{ partyApi }, { partySession }] = await Promise.all([
        import('./party-api'),
        import('./party-session'),
      ]);
      const party = await partyApi.create({ source: chosen });
      await partySession.open(party.code, false);
      navigate(partyPath(party.code));
    } catch (error) {
      toast.danger((error as { message?: string }).message ?? trans('Could not start the party.'));
    } finally {
      setPending(false);
    }
  };
  return (
    <PlainButton
      variant="outline"
      onPress={() => void onPress()}
      isDisabled={isDisabled || isPending}
      startIcon={<PartyPopperIcon aria-hidden className="size-4" />}
      data-testid="start-party"
    >
      {trans('Start a party')}
    </PlainButton>
  );
}
