import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useSyncExternalStore } from 'react';
import { partySession, type TPartySession } from './party-session';

export function usePartySession(): TPartySession {
  return useSyncExternalStore(partySession.subscribe, partySession.getSnapshot, partySession.getSnapshot);
}

/** `parties.enable` (admin, player settings): off hides every way into a party. */
export function usePartiesEnabled(): boolean {
  const settings = useSettings() as { parties?: { enable?: boolean } };
  return settings.parties?.enable !== false;
}

export const partyPath = (code: string) => `/party/${code}`;
