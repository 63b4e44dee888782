import { useSyncExternalStore } from 'react';
import { getPlayer } from './player-instance';
import type { TPlayerState, TPlayerStore } from './player-store';

export function usePlayerStore(): TPlayerStore {
  return getPlayer();
}

/** Subscribes to the player; pick a slice so a component re-renders only when it changes. */
export function usePlayerState<T>(select: (state: TPlayerState) => T): T {
  const store = getPlayer();
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getSnapshot()),
    () => select(store.getSnapshot()),
  );
}

export function useCurrentItem() {
  return usePlayerState((state) => state.queue.items[state.queue.currentIndex] ?? null);
}

export type TTrackPlayState = 'playing' | 'paused' | null;

/**
 * 'playing' / 'paused' when `trackId` is the current track, else null. One string per row, so
 * starting a track re-renders the two rows whose answer changed, not every row of every list.
 */
export function useTrackPlayState(trackId: number): TTrackPlayState {
  return usePlayerState((state) => {
    if (state.queue.items[state.queue.currentIndex]?.track.id !== trackId) return null;
    return state.isPlaying ? 'playing' : 'paused';
  });
}
