import type { TPlaySource } from '@cadence/contracts/play';
import type { TPlayerTrack, TQueueItem, TRepeatMode } from './player-track';
import {
  emptyQueue,
  queueReducer,
  type TQueueAction,
  type TQueueState,
  type TReducerEnv,
} from './queue-reducer';

export interface TPlayerState {
  queue: TQueueState;
  isPlaying: boolean;
  isBuffering: boolean;
  /** Seconds into the current track. */
  position: number;
  /** Seconds; 0 while unknown. */
  duration: number;
  /** 0-100. */
  volume: number;
  isMuted: boolean;
  /** Bumped whenever the current track starts over (new item, replay, repeat one), one play each. */
  playId: number;
}

/** Side effects the audio element must perform; state alone cannot say "seek now". */
export type TPlayerCommand =
  | { type: 'seek'; position: number }
  /** The listener is about to play `track` (hover: metadata; press: all of it): start loading it. */
  | { type: 'prepare'; track: TPlayerTrack; preload: 'metadata' | 'auto' }
  /** The listener's pointer is over a list of tracks: get the audio output ready (no loading). */
  | { type: 'warmUp' };

export interface TPlayerStoreOptions {
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  defaultVolume?: number;
  defaultRepeat?: TRepeatMode;
  env?: Partial<TReducerEnv>;
  /** Where tracks queued now come from (the page on screen); their plays report it as the source. */
  sourceOf?: () => TPlaySource | undefined;
}

export const PLAYER_STORAGE_KEY = 'cadence.player';
/** Spec: previous restarts the track once it has played this long. */
export const RESTART_THRESHOLD_S = 3;
export const SEEK_STEP_S = 10;
export const VOLUME_STEP = 10;

interface TPersisted {
  queue: TQueueState;
  position: number;
  volume: number;
  isMuted: boolean;
}

const clampVolume = (volume: number) => Math.min(100, Math.max(0, Math.round(volume)));

function readPersisted(storage: TPlayerStoreOptions['storage']): Partial<TPersisted> {
  try {
    const raw = storage?.getItem(PLAYER_STORAGE_KEY);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as Partial<TPersisted>;
    const queue = parsed.queue;
    const isValidQueue =
      !!queue &&
      Array.isArray(queue.items) &&
      Number.isInteger(queue.currentIndex) &&
      queue.currentIndex < queue.items.length;
    return {
      queue: isValidQueue ? queue : undefined,
      position: typeof parsed.position === 'number' && parsed.position >= 0 ? parsed.position : 0,
      volume: typeof parsed.volume === 'number' ? clampVolume(parsed.volume) : undefined,
      isMuted: parsed.isMuted === true,
    };
  } catch {
    return {};
  }
}

export type TPlayerStore = ReturnType<typeof createPlayerStore>;

export function createPlayerStore(options: TPlayerStoreOptions = {}) {
  const storage = options.storage ?? null;
  let keyCounter = 0;
  const env: TReducerEnv = {
    makeKey: options.env?.makeKey ?? (() => `${Date.now().toString(36)}-${(++keyCounter).toString(36)}`),
    random: options.env?.random ?? Math.random,
  };
  const persisted = readPersisted(storage);
  let state: TPlayerState = {
    queue: persisted.queue ?? emptyQueue(options.defaultRepeat ?? 'all'),
    isPlaying: false,
    isBuffering: false,
    position: persisted.queue ? (persisted.position ?? 0) : 0,
    duration: 0,
    volume: persisted.volume ?? clampVolume(options.defaultVolume ?? 30),
    isMuted: persisted.isMuted ?? false,
    playId: 0,
  };
  const listeners = new Set<() => void>();
  const audioListeners = new Set<() => void>();
  const commandListeners = new Set<(command: TPlayerCommand) => void>();
  let lastSavedAt = 0;

  function save(isForced: boolean) {
    if (!storage) return;
    const now = Date.now();
    // Position changes several times a second; a write per second is enough to resume.
    if (!isForced && now - lastSavedAt < 1000) return;
    lastSavedAt = now;
    const data: TPersisted = {
      queue: state.queue,
      position: state.position,
      volume: state.volume,
      isMuted: state.isMuted,
    };
    try {
      storage.setItem(PLAYER_STORAGE_KEY, JSON.stringify(data));
    } catch {
      // Storage full or blocked (private mode): playback still works, it just won't resume.
    }
  }

  function set(patch: Partial<TPlayerState>, isPositionOnly = false) {
    state = { ...state, ...patch };
    // The audio element hears first: on a click its source and play() come before the view's
    // listeners queue React's render (the media element's load then runs ahead of that render)
    // and before the queue is serialised.
    for (const listener of audioListeners) listener();
    for (const listener of listeners) listener();
    save(!isPositionOnly);
  }

  function command(next: TPlayerCommand) {
    for (const listener of commandListeners) listener(next);
  }

  function currentKey(queue = state.queue) {
    return queue.items[queue.currentIndex]?.key;
  }

  /** Applies a queue action; a different current item starts from 0 as a new play. */
  function dispatch(action: TQueueAction, patch: Partial<TPlayerState> = {}) {
    const queue = queueReducer(state.queue, action, env);
    const hasChangedItem = currentKey(queue) !== currentKey();
    set({
      queue,
      ...(hasChangedItem ? { position: 0, duration: 0, playId: state.playId + 1 } : {}),
      ...(queue.items.length === 0 ? { isPlaying: false } : {}),
      ...patch,
    });
  }

  function seek(position: number) {
    const max = state.duration > 0 ? state.duration : Number.POSITIVE_INFINITY;
    const target = Math.min(Math.max(0, position), max);
    set({ position: target });
    command({ type: 'seek', position: target });
  }

  function restart() {
    set({ position: 0, playId: state.playId + 1 });
    command({ type: 'seek', position: 0 });
  }

  return {
    getSnapshot: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** For the audio driver only: notified before every `subscribe` listener. */
    subscribeAudio(listener: () => void) {
      audioListeners.add(listener);
      return () => audioListeners.delete(listener);
    },
    onCommand(listener: (command: TPlayerCommand) => void) {
      commandListeners.add(listener);
      return () => commandListeners.delete(listener);
    },
    currentItem(): TQueueItem | null {
      return state.queue.items[state.queue.currentIndex] ?? null;
    },

    /** A hint that something may play soon (a pointer over a track list): the output gets ready. */
    warmUp() {
      command({ type: 'warmUp' });
    },

    /** A hint that `track` may play next (a pointer on its play button): its audio starts loading. */
    prepare(track: TPlayerTrack, preload: 'metadata' | 'auto' = 'auto') {
      command({ type: 'prepare', track, preload });
    },

    playTracks(tracks: TPlayerTrack[], startIndex = 0, source = options.sourceOf?.()) {
      if (tracks.length === 0) return;
      dispatch(
        { type: 'playNow', tracks, startIndex, source },
        { isPlaying: true, position: 0, duration: 0, playId: state.playId + 1 },
      );
    },
    playNext: (tracks: TPlayerTrack[], source = options.sourceOf?.()) =>
      dispatch({ type: 'playNext', tracks, source }),
    addToQueue: (tracks: TPlayerTrack[], source = options.sourceOf?.()) =>
      dispatch({ type: 'addToQueue', tracks, source }),
    remove: (key: string) => dispatch({ type: 'remove', key }),
    move: (from: number, to: number) => dispatch({ type: 'move', from, to }),
    clear: () => dispatch({ type: 'clear' }, { isPlaying: false }),
    playItem(index: number) {
      if (index === state.queue.currentIndex) {
        restart();
        set({ isPlaying: true });
        return;
      }
      dispatch({ type: 'select', index }, { isPlaying: true });
    },

    play() {
      if (state.queue.currentIndex < 0) return;
      set({ isPlaying: true });
    },
    pause: () => set({ isPlaying: false }),
    togglePlay() {
      if (state.isPlaying) set({ isPlaying: false });
      else if (state.queue.currentIndex >= 0) set({ isPlaying: true });
    },
    next() {
      const before = currentKey();
      dispatch({ type: 'next' });
      // The last track with repeat off: "next" has nowhere to go, so it stops at the start.
      if (currentKey() === before) {
        set({ isPlaying: false });
        restart();
      }
    },
    previous() {
      if (state.position > RESTART_THRESHOLD_S) return restart();
      const before = currentKey();
      dispatch({ type: 'previous' });
      if (currentKey() === before) restart();
    },
    /** The audio element finished the track. */
    handleEnded() {
      if (state.queue.repeat === 'one') return restart();
      const before = currentKey();
      dispatch({ type: 'next', isAuto: true });
      if (currentKey() === before) {
        set({ isPlaying: false });
        restart();
      }
    },
    /** The current track cannot play: skip it unless it is the only one. */
    handleError() {
      const before = currentKey();
      dispatch({ type: 'next', isAuto: true });
      if (currentKey() === before) set({ isPlaying: false });
    },

    seek,
    seekBy: (delta: number) => seek(state.position + delta),
    setVolume: (volume: number) => set({ volume: clampVolume(volume), isMuted: clampVolume(volume) === 0 }),
    changeVolumeBy: (delta: number) => {
      const volume = clampVolume((state.isMuted ? 0 : state.volume) + delta);
      set({ volume, isMuted: volume === 0 });
    },
    toggleMute: () =>
      set({ isMuted: !state.isMuted, ...(state.isMuted && state.volume === 0 ? { volume: 30 } : {}) }),
    setShuffle: (isShuffled: boolean) => dispatch({ type: 'setShuffle', isShuffled }),
    toggleShuffle() {
      dispatch({ type: 'setShuffle', isShuffled: !state.queue.isShuffled });
    },
    setRepeat: (repeat: TRepeatMode) => dispatch({ type: 'setRepeat', repeat }),
    cycleRepeat() {
      const order: TRepeatMode[] = ['off', 'all', 'one'];
      const next = order[(order.indexOf(state.queue.repeat) + 1) % order.length] ?? 'off';
      dispatch({ type: 'setRepeat', repeat: next });
    },

    /** Reports from the audio element. */
    setPosition: (position: number) => set({ position }, true),
    setDuration: (duration: number) => set({ duration: Number.isFinite(duration) ? duration : 0 }, true),
    setBuffering: (isBuffering: boolean) => {
      if (isBuffering !== state.isBuffering) set({ isBuffering }, true);
    },
    /** The browser refused to play (autoplay policy) or the user paused from outside. */
    setPlaying: (isPlaying: boolean) => {
      if (isPlaying !== state.isPlaying) set({ isPlaying });
    },
  };
}
