import { useSyncExternalStore } from 'react';

export interface TPlayerUiState {
  isQueueOpen: boolean;
  isNowPlayingOpen: boolean;
  /** Which pane the now-playing view shows first. */
  nowPlayingTab: 'artwork' | 'lyrics' | 'queue';
}

let state: TPlayerUiState = { isQueueOpen: false, isNowPlayingOpen: false, nowPlayingTab: 'artwork' };
const listeners = new Set<() => void>();

export function setPlayerUi(patch: Partial<TPlayerUiState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function getPlayerUi(): TPlayerUiState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePlayerUi(): TPlayerUiState {
  return useSyncExternalStore(subscribe, getPlayerUi, getPlayerUi);
}

export const toggleQueuePanel = () => setPlayerUi({ isQueueOpen: !state.isQueueOpen });
export const openNowPlaying = (tab: TPlayerUiState['nowPlayingTab'] = 'artwork') =>
  setPlayerUi({ isNowPlayingOpen: true, nowPlayingTab: tab });
export const closeNowPlaying = () => setPlayerUi({ isNowPlayingOpen: false });
