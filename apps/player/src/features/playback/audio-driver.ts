import { getBootstrapData } from '@cadence/app-shell/bootstrap-store';
import type { TLoudnessMode } from '@cadence/contracts/transcoding-formats';
import {
  isDataSaverWanted,
  loudnessFactor,
  readDataSaverBitRate,
  streamQuery,
  type TConnectionInfo,
  withStreamQuery,
} from './listening-quality';
import { createPlayTracker } from './play-tracker';
import type { TPlayerState, TPlayerStore } from './player-store';
import { trackStreamUrl as plainStreamUrl, type TPlayerTrack } from './player-track';
import { upcomingItem } from './queue-reducer';

export interface TAudioDriverDeps {
  /** Called once per play that reached the threshold. */
  reportPlay: (trackId: number, listenedMs: number) => void;
  /** The current track failed to load or decode. */
  onTrackError: (trackName: string) => void;
  /** The listener's loudness levelling (account settings); 'track' when not given. */
  loudnessMode?: () => TLoudnessMode;
}

/**
 * The api's stream URL with the data saver's `maxBitRate` on a metered or slow connection
 * (Network Information API, where the browser has it); external sources as they are.
 */
function trackStreamUrl(track: Pick<TPlayerTrack, 'id' | 'stream_url' | 'src'>): string {
  const url = plainStreamUrl(track);
  if (!url.includes('/api/v1/tracks/')) return url;
  const connection = (globalThis.navigator as { connection?: TConnectionInfo } | undefined)?.connection;
  if (!isDataSaverWanted(connection)) return url;
  const query = streamQuery({
    isDataSaver: true,
    dataSaverBitRate: readDataSaverBitRate(getBootstrapData().settings),
  });
  return withStreamQuery(url, query);
}

/** The element that is playing carries it, whichever of the two that is (tests look it up). */
export const ACTIVE_AUDIO_TEST_ID = 'player-audio';
/** `HTMLMediaElement.HAVE_ENOUGH_DATA` (not defined outside browsers). */
const HAVE_ENOUGH_DATA = 4;

const srcOf = (element: HTMLMediaElement) => element.getAttribute('src');

/** What an element that is not playing is kept for. */
type TSpareRole = 'next' | 'warm';
const SPARE_ROLES: readonly TSpareRole[] = ['next', 'warm'];

/**
 * Makes up to three `<audio>` elements follow the store. The active one plays the current track:
 * source, play/pause, seek, volume; its events flow back (time, duration, ended, errors). A spare
 * one preloads the upcoming track ('next') once the current one has enough data, another one the
 * track the listener is reaching for ('warm', see `store.prepare`). When the queue gets to a
 * track a spare holds, the two swap roles, so the change needs no new request, demuxing or audio
 * output start: near gapless at the end of a track, and sound sooner after a click.
 */
export function attachAudioDriver(
  store: TPlayerStore,
  elements: readonly [HTMLAudioElement, ...HTMLAudioElement[]],
  deps: TAudioDriverDeps,
): () => void {
  let active = elements[0];
  const spares: Partial<Record<TSpareRole, HTMLAudioElement>> = {};
  SPARE_ROLES.forEach((role, index) => {
    const element = elements[index + 1];
    if (element) spares[role] = element;
  });
  let loadedKey: string | null = null;
  let loadedPlayId = -1;
  let isFirstLoad = true;
  // Elements whose play() the browser has accepted: Safari wants a user gesture per element.
  const allowed = new WeakSet<HTMLMediaElement>();
  const tracker = createPlayTracker(deps.reportPlay);

  function markActive() {
    for (const element of elements) element.removeAttribute('data-testid');
    active.setAttribute('data-testid', ACTIVE_AUDIO_TEST_ID);
  }

  /** The spare of `role` becomes the active element and the active one takes its role. */
  function takeOver(role: TSpareRole) {
    const spare = spares[role];
    if (!spare) return;
    spares[role] = active;
    active.pause();
    active = spare;
    markActive();
  }

  const roleHolding = (url: string) =>
    SPARE_ROLES.find((role) => {
      const spare = spares[role];
      return spare && srcOf(spare) === url && !spare.error;
    });
  const isLoaded = (url: string) => srcOf(active) === url || roleHolding(url) !== undefined;

  function load(url: string) {
    const role = roleHolding(url);
    if (role) {
      takeOver(role);
      if (active.currentTime !== 0) active.currentTime = 0;
      return;
    }
    active.src = url;
  }

  function prepare(url: string, preload: 'metadata' | 'auto') {
    const warm = spares.warm;
    if (!warm) return;
    if (srcOf(warm) === url) {
      if (preload === 'auto') warm.preload = 'auto';
      return;
    }
    if (isLoaded(url)) return;
    warm.preload = preload;
    warm.src = url;
  }

  function unload(element: HTMLMediaElement | null) {
    if (!element || srcOf(element) === null) return;
    element.removeAttribute('src');
    element.load();
  }

  function syncSource(state: TPlayerState) {
    const item = store.currentItem();
    if (!item) {
      if (loadedKey !== null) for (const element of elements) unload(element);
      loadedKey = null;
      return;
    }
    if (item.key === loadedKey && state.playId === loadedPlayId) return;
    const isSameItem = item.key === loadedKey;
    loadedKey = item.key;
    loadedPlayId = state.playId;
    if (isSameItem) return; // a replay of the loaded track: the seek command rewinds it
    load(trackStreamUrl(item.track));
    // After a reload the queue comes back paused at the remembered position.
    if (isFirstLoad && state.position > 0) active.currentTime = state.position;
    isFirstLoad = false;
  }

  function syncPreload(state: TPlayerState) {
    const next = spares.next;
    const upcoming = upcomingItem(state.queue);
    if (!next || !upcoming) return;
    const url = trackStreamUrl(upcoming.track);
    if (isLoaded(url)) return;
    // The current track's start comes first: the next one must not compete for the connection
    // and the decoder until the current one can play through.
    if (srcOf(active) !== null && active.readyState < HAVE_ENOUGH_DATA) return;
    next.preload = 'auto';
    next.src = url;
  }

  function play(element: HTMLMediaElement) {
    element.play().then(
      () => allowed.add(element),
      (error: unknown) => {
        if (!(error instanceof DOMException && error.name === 'NotAllowedError')) return;
        if (element !== active) return;
        // The swapped-in element was never started by a gesture: play the track in one that was.
        const role = allowed.has(element)
          ? undefined
          : SPARE_ROLES.find((spareRole) => {
              const spare = spares[spareRole];
              return spare && allowed.has(spare);
            });
        const spare = role && spares[role];
        if (role && spare) {
          spare.src = srcOf(element) ?? '';
          takeOver(role);
          if (store.getSnapshot().isPlaying) play(active);
          return;
        }
        // Autoplay refused (no user gesture yet): show paused rather than a spinning play button.
        store.setPlaying(false);
      },
    );
  }

  function syncPlayback(state: TPlayerState) {
    // Loudness levelling rides on the element's volume (see loudnessFactor: attenuation only).
    const level = loudnessFactor(store.currentItem()?.track.replay_gain, deps.loudnessMode?.() ?? 'track');
    active.volume = (state.volume / 100) * level;
    active.muted = state.isMuted;
    if (state.isPlaying && active.paused && srcOf(active)) play(active);
    else if (!state.isPlaying && !active.paused) active.pause();
  }

  function sync() {
    const state = store.getSnapshot();
    syncSource(state);
    syncPlayback(state);
    syncPreload(state);
  }

  const offState = store.subscribeAudio(sync);
  const offCommand = store.onCommand((command) => {
    if (command.type === 'seek') {
      tracker.interrupt();
      active.currentTime = command.position;
    } else if (command.type === 'prepare') {
      prepare(trackStreamUrl(command.track), command.preload);
    }
  });

  // Every element gets the listeners; only the active element's events count.
  const listeners: [keyof HTMLMediaElementEventMap, () => void][] = [
    [
      'timeupdate',
      () => {
        store.setPosition(active.currentTime);
        const item = store.currentItem();
        if (item && !active.paused)
          tracker.tick(store.getSnapshot().playId, item.track.id, active.currentTime, active.duration);
      },
    ],
    ['durationchange', () => store.setDuration(active.duration)],
    ['ended', () => store.handleEnded()],
    ['waiting', () => store.setBuffering(true)],
    ['playing', () => store.setBuffering(false)],
    ['canplaythrough', () => syncPreload(store.getSnapshot())],
    ['pause', () => tracker.interrupt()],
    [
      'error',
      () => {
        if (!srcOf(active)) return;
        deps.onTrackError(store.currentItem()?.track.name ?? '');
        store.handleError();
      },
    ],
  ];
  const handlers = listeners.map(([event, handler]) => {
    const onEvent = (domEvent: Event) => {
      if (domEvent.currentTarget === active) handler();
    };
    return [event, onEvent] as const;
  });
  for (const element of elements)
    for (const [event, onEvent] of handlers) element.addEventListener(event, onEvent);
  markActive();
  sync();

  return () => {
    offState();
    offCommand();
    for (const element of elements)
      for (const [event, onEvent] of handlers) element.removeEventListener(event, onEvent);
  };
}
