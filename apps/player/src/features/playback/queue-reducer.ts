import type { TPlaySource } from '@cadence/contracts/play';
import type { TPlayerTrack, TQueueItem, TRepeatMode } from './player-track';

export interface TQueueState {
  items: TQueueItem[];
  /** Index of the current item; -1 when nothing is loaded. */
  currentIndex: number;
  isShuffled: boolean;
  /** Keys in the order before shuffling, so turning shuffle off restores it. */
  unshuffledKeys: string[] | null;
  repeat: TRepeatMode;
}

export type TQueueAction =
  | { type: 'playNow'; tracks: TPlayerTrack[]; startIndex?: number; source?: TPlaySource }
  | { type: 'playNext'; tracks: TPlayerTrack[]; source?: TPlaySource }
  | { type: 'addToQueue'; tracks: TPlayerTrack[]; source?: TPlaySource }
  | { type: 'remove'; key: string }
  | { type: 'move'; from: number; to: number }
  | { type: 'clear' }
  | { type: 'select'; index: number }
  /** `isAuto`: the track ended by itself (repeat one replays it instead of advancing). */
  | { type: 'next'; isAuto?: boolean }
  | { type: 'previous' }
  | { type: 'setShuffle'; isShuffled: boolean }
  | { type: 'setRepeat'; repeat: TRepeatMode };

export interface TReducerEnv {
  makeKey: () => string;
  /** Returns a float in [0, 1); injectable so property tests are reproducible. */
  random: () => number;
}

export function emptyQueue(repeat: TRepeatMode = 'all'): TQueueState {
  return { items: [], currentIndex: -1, isShuffled: false, unshuffledKeys: null, repeat };
}

function toItems(tracks: TPlayerTrack[], env: TReducerEnv, source?: TPlaySource): TQueueItem[] {
  return tracks.map((track) =>
    source ? { key: env.makeKey(), track, source } : { key: env.makeKey(), track },
  );
}

function shuffled<T>(list: T[], random: () => number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** Keeps the current item first-in-place and shuffles only what is still to come. */
function shuffleUpcoming(state: TQueueState, random: () => number): TQueueItem[] {
  const head = state.items.slice(0, state.currentIndex + 1);
  return [...head, ...shuffled(state.items.slice(state.currentIndex + 1), random)];
}

function restoreOrder(state: TQueueState): TQueueState {
  const order = new Map((state.unshuffledKeys ?? []).map((key, index) => [key, index]));
  const rank = (item: TQueueItem, position: number) => order.get(item.key) ?? order.size + position;
  const items = state.items
    .map((item, position) => ({ item, rank: rank(item, position) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ item }) => item);
  const currentKey = state.items[state.currentIndex]?.key;
  const currentIndex = currentKey === undefined ? -1 : items.findIndex((item) => item.key === currentKey);
  return { ...state, items, currentIndex, isShuffled: false, unshuffledKeys: null };
}

function insertAt(items: TQueueItem[], index: number, added: TQueueItem[]): TQueueItem[] {
  return [...items.slice(0, index), ...added, ...items.slice(index)];
}

export function queueReducer(state: TQueueState, action: TQueueAction, env: TReducerEnv): TQueueState {
  switch (action.type) {
    case 'playNow': {
      const items = toItems(action.tracks, env, action.source);
      if (items.length === 0) return state;
      const start = Math.min(Math.max(action.startIndex ?? 0, 0), items.length - 1);
      const base: TQueueState = { ...state, items, currentIndex: start, unshuffledKeys: null };
      if (!state.isShuffled) return base;
      return {
        ...base,
        unshuffledKeys: items.map((item) => item.key),
        items: shuffleUpcoming(base, env.random),
      };
    }
    case 'playNext': {
      const added = toItems(action.tracks, env, action.source);
      if (state.currentIndex < 0)
        return {
          ...state,
          items: [...state.items, ...added],
          currentIndex: added.length ? state.items.length : -1,
        };
      return {
        ...state,
        items: insertAt(state.items, state.currentIndex + 1, added),
        unshuffledKeys: state.unshuffledKeys && insertUnshuffled(state, added),
      };
    }
    case 'addToQueue': {
      const added = toItems(action.tracks, env, action.source);
      const items = [...state.items, ...added];
      return {
        ...state,
        items,
        currentIndex: state.currentIndex < 0 && items.length > 0 ? 0 : state.currentIndex,
        unshuffledKeys: state.unshuffledKeys && [...state.unshuffledKeys, ...added.map((item) => item.key)],
      };
    }
    case 'remove': {
      const index = state.items.findIndex((item) => item.key === action.key);
      if (index < 0) return state;
      const items = state.items.filter((item) => item.key !== action.key);
      let currentIndex = state.currentIndex;
      if (index < currentIndex) currentIndex -= 1;
      // Removing the current item makes the following one current (or the new last one).
      if (currentIndex >= items.length) currentIndex = items.length - 1;
      return {
        ...state,
        items,
        currentIndex,
        unshuffledKeys: state.unshuffledKeys?.filter((key) => key !== action.key) ?? null,
      };
    }
    case 'move': {
      const { from, to } = action;
      if (from === to || !state.items[from] || to < 0 || to >= state.items.length) return state;
      const items = [...state.items];
      const [moved] = items.splice(from, 1);
      items.splice(to, 0, moved as TQueueItem);
      const currentKey = state.items[state.currentIndex]?.key;
      const currentIndex = currentKey === undefined ? -1 : items.findIndex((item) => item.key === currentKey);
      return { ...state, items, currentIndex };
    }
    case 'clear':
      return { ...state, items: [], currentIndex: -1, unshuffledKeys: state.isShuffled ? [] : null };
    case 'select':
      if (!state.items[action.index]) return state;
      return { ...state, currentIndex: action.index };
    case 'next': {
      if (state.items.length === 0) return state;
      if (action.isAuto && state.repeat === 'one') return state;
      const next = state.currentIndex + 1;
      if (next < state.items.length) return { ...state, currentIndex: next };
      return state.repeat === 'all' ? { ...state, currentIndex: 0 } : state;
    }
    case 'previous': {
      if (state.items.length === 0) return state;
      const previous = state.currentIndex - 1;
      if (previous >= 0) return { ...state, currentIndex: previous };
      return state.repeat === 'all' ? { ...state, currentIndex: state.items.length - 1 } : state;
    }
    case 'setShuffle': {
      if (action.isShuffled === state.isShuffled) return state;
      if (!action.isShuffled) return restoreOrder(state);
      return {
        ...state,
        isShuffled: true,
        unshuffledKeys: state.items.map((item) => item.key),
        items: shuffleUpcoming(state, env.random),
      };
    }
    case 'setRepeat':
      return { ...state, repeat: action.repeat };
  }
}

/** "Play next" while shuffled: restoring the order later keeps them right after the current track. */
function insertUnshuffled(state: TQueueState, added: TQueueItem[]): string[] {
  const keys = state.unshuffledKeys ?? [];
  const currentKey = state.items[state.currentIndex]?.key;
  const at = currentKey === undefined ? keys.length : keys.indexOf(currentKey) + 1;
  return [...keys.slice(0, at), ...added.map((item) => item.key), ...keys.slice(at)];
}

/** True when `next` would reach the end with nothing to play (repeat off, last item). */
export function isAtEnd(state: TQueueState): boolean {
  return state.repeat === 'off' && state.currentIndex >= state.items.length - 1;
}

/** The item that plays after the current one ends on its own, for preloading. */
export function upcomingItem(state: TQueueState): TQueueItem | null {
  if (state.currentIndex < 0) return null;
  if (state.repeat === 'one') return null;
  const next = state.currentIndex + 1;
  if (next < state.items.length) return state.items[next] ?? null;
  return state.repeat === 'all' && state.items.length > 1 ? (state.items[0] ?? null) : null;
}
