import { playSourceOf } from '@cadence/contracts/page-kinds';
import type { TPlaySource } from '@cadence/contracts/play';
import { apiClient } from '@cadence/http-client/http-client';
import { isRetryable, queueOfflinePlay } from '../offline/offline-plays';
import { getPlayerSettings } from './player-settings';
import { createPlayerStore, type TPlayerStore } from './player-store';

let instance: TPlayerStore | null = null;

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The one queue of the app, created on first use (after bootstrap data is loaded). */
export function getPlayer(): TPlayerStore {
  if (!instance) {
    const settings = getPlayerSettings();
    instance = createPlayerStore({
      storage: safeLocalStorage(),
      defaultVolume: settings.defaultVolume,
      defaultRepeat: settings.defaultRepeat,
      sourceOf: () => playSourceOf(window.location.pathname),
    });
  }
  return instance;
}

/** Tests and embeds swap in their own store (an embed must not touch the listener's saved queue). */
export function setPlayer(store: TPlayerStore | null): void {
  instance = store;
}

/** A store that remembers nothing, for the embed player inside another site's page. */
export function useEphemeralPlayer(): void {
  if (instance && !isEphemeral) instance = null;
  if (!instance) {
    const settings = getPlayerSettings();
    instance = createPlayerStore({
      storage: null,
      defaultVolume: settings.defaultVolume,
      defaultRepeat: 'off',
    });
    isEphemeral = true;
  }
}

let isEphemeral = false;

/**
 * Reports a counted play with where it started (the queued item's source; `embed` inside an
 * embed). A report that finds no network waits in the offline play queue (issue 37) and goes out
 * when the connection returns; a failed report never interrupts listening.
 */
export function reportPlay(trackId: number, listenedMs: number, source: TPlaySource = 'player'): void {
  apiClient.post(`tracks/${trackId}/plays`, { duration_played_ms: listenedMs, source }).catch((error) => {
    if (isRetryable(error) && source !== 'embed') queueOfflinePlay(trackId, listenedMs, source);
  });
}
