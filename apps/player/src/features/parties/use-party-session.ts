import { useSyncExternalStore } from 'react';
import { partySession, type TPartySession } from './party-session';

export function usePartySession(): TPartySession {
  return useSyncExternalStore(partySession.subscribe, partySession.getSnapshot, partySession.getSnapshot);
}
