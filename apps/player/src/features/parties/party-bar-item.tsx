import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { partySessionModule, rememberedParty } from './party-memory';

const LivePartyBarItem = lazy(() =>
  import('./live-party-bar-item').then((m) => ({ default: m.LivePartyBarItem })),
);

let hasResumed = false;

/**
 * The party this tab is in, in the player bar; resumes it after a reload. Nothing to show until
 * a party is opened (the party page, the start button, a resumed party): the session's code stays
 * out of the first download, and loads here only when a reload left a party.
 */
export function PartyBarItem({ isCompact = false }: { isCompact?: boolean }) {
  const isLoaded = useSyncExternalStore(
    partySessionModule.subscribe,
    partySessionModule.isLoaded,
    partySessionModule.isLoaded,
  );
  useEffect(() => {
    if (hasResumed) return;
    hasResumed = true;
    const code = rememberedParty();
    if (!code) return;
    void import('./party-session').then(({ partySession }) => {
      if (partySession.getSnapshot().code === null) void partySession.open(code, false).catch(() => {});
    });
  }, []);
  if (!isLoaded) return null;
  return (
    <Suspense fallback={null}>
      <LivePartyBarItem isCompact={isCompact} />
    </Suspense>
  );
}
