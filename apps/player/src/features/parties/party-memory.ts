/**
 * What the first download needs of parties: the party a reload left (sessionStorage) and whether
 * the party session's module is loaded yet. The session itself (clock sync, the ticker, the api)
 * loads with the party page or the start button, or at start when a reload left a party.
 */
const STORAGE_KEY = 'cadence.party';

export function rememberParty(code: string | null) {
  try {
    if (code) window.sessionStorage.setItem(STORAGE_KEY, code);
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage blocked: a reload simply leaves the party.
  }
}

/** The party this tab was in before a reload (the host's reload keeps the party going). */
export function rememberedParty(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

let isLoaded = false;
const listeners = new Set<() => void>();

/** party-session.ts says it is loaded: from then on the player bar follows the session. */
export function markPartySessionLoaded() {
  isLoaded = true;
  for (const listener of listeners) listener();
}

export const partySessionModule = {
  isLoaded: () => isLoaded,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
