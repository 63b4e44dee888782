import {
  getListeningPreferences,
  refreshListeningPreferences,
  subscribeListeningPreferences,
  type TListeningPreferences,
} from '../listening/listening-preferences';
import type { TGaplessRun } from './gapless-join';
import type { TJoinDecoding } from './join-decoding';
import { loudnessFactor, loudnessGain } from './listening-quality';
import { createPlayTracker } from './play-tracker';
import { isRoutable, trackStreamUrl } from './playback-sources';
import type { TPlayerState, TPlayerStore } from './player-store';
import type { TPlayerTrack } from './player-track';
import { type TQueueState, upcomingItem } from './queue-reducer';
import { createTranscodeSeeking, type TTranscodeSeeking } from './transcode-seeking';
import { equalPowerGains, isAlbumInOrder, JOIN_MAX_SECONDS, planTransition } from './transition-plan';
import { isInAlbumRun, transitionTrack } from './transition-tracks';
import { createWebAudioOutput, type TWebAudioOutput } from './web-audio-output';

export interface TAudioDriverDeps {
  /** Called once per play that reached the threshold. */
  reportPlay: (trackId: number, listenedMs: number) => void;
  /** The current track failed to load or decode. */
  onTrackError: (trackName: string) => void;
  /** The listener's settings (account and this device); the saved copy when not given. */
  preferences?: () => TListeningPreferences;
  /** The Web Audio graph, made on the way to the first play; none (plain elements) when it answers null. */
  createOutput?: () => TWebAudioOutput | null;
  /** Seeks in streams the api transcodes while they play (tests give one with a fake probe). */
  transcodeSeeking?: TTranscodeSeeking;
}

/** The element that is playing carries it, whichever of the two that is (tests look it up). */
export const ACTIVE_AUDIO_TEST_ID = 'player-audio';
/** `HTMLMediaElement.HAVE_ENOUGH_DATA` (not defined outside browsers). */
const HAVE_ENOUGH_DATA = 4;

const srcOf = (element: HTMLMediaElement) => element.getAttribute('src');

/** What an element that is not playing is kept for. */
type TSpareRole = 'next' | 'warm';
const SPARE_ROLES: readonly TSpareRole[] = ['next', 'warm'];

/** How early before a transition its precise timer is set (timeupdate comes every ~250 ms). */
const TRANSITION_LOOKAHEAD_S = 1.5;
/** Later than this before the end, a join not decoded yet leaves it to the elements. */
const LAST_JOIN_CHANCE_S = 0.3;
/** How early the two tracks of a join are fetched and decoded. */
const DECODE_AHEAD_S = 30;

type TJoinModules = Pick<typeof import('./join-decoding'), 'createJoinDecoding'> &
  Pick<typeof import('./gapless-join'), 'createGaplessRun'>;

const loadJoinModules = (): Promise<TJoinModules> =>
  Promise.all([import('./join-decoding'), import('./gapless-join')]).then(([decoding, gapless]) => ({
    createJoinDecoding: decoding.createJoinDecoding,
    createGaplessRun: gapless.createGaplessRun,
  }));

/**
 * Makes up to three `<audio>` elements follow the store. The active one plays the current track:
 * source, play/pause, seek, volume; its events flow back (time, duration, ended, errors). A spare
 * one preloads the upcoming track ('next') once the current one has enough data, another one the
 * track the listener is reaching for ('warm', see `store.prepare`). When the queue gets to a
 * track a spare holds, the two swap roles, so the change needs no new request, demuxing or audio
 * output start: near gapless at the end of a track, and sound sooner after a click.
 *
 * With Web Audio (made on the first play), the api's audio runs through the graph of
 * `web-audio-output.ts`: the loudness gain (may raise a quiet track, never clips), and the
 * automatic transitions of `transition-plan.ts`: the preloaded next track starts before the end
 * (a crossfade with equal-power curves) or right at it (an album in order). A fourth element, never
 * in the graph, plays sources of other origins (the graph would hear them as silence).
 */
export function attachAudioDriver(
  store: TPlayerStore,
  elements: readonly [HTMLAudioElement, ...HTMLAudioElement[]],
  deps: TAudioDriverDeps,
  plain: HTMLAudioElement | null = null,
): () => void {
  let active = elements[0];
  const spares: Partial<Record<TSpareRole, HTMLAudioElement>> = {};
  SPARE_ROLES.forEach((role, index) => {
    const element = elements[index + 1];
    if (element) spares[role] = element;
  });
  const allElements = plain ? [...elements, plain] : [...elements];
  let loadedKey: string | null = null;
  let loadedPlayId = -1;
  let isFirstLoad = true;
  // Elements whose play() the browser has accepted: Safari wants a user gesture per element.
  const allowed = new WeakSet<HTMLMediaElement>();
  const tracker = createPlayTracker(deps.reportPlay);
  const preferences = deps.preferences ?? getListeningPreferences;
  const streamUrl = (track: TPlayerTrack) => trackStreamUrl(track, preferences());
  const canUseWebAudio = deps.createOutput !== undefined || typeof globalThis.AudioContext === 'function';
  /** undefined: not made yet (first play); null: none in this browser. */
  let output: TWebAudioOutput | null | undefined;
  /** The element the plain one took over from, active again for the next routable source. */
  let parked: HTMLAudioElement | null = null;
  const levels = new WeakMap<HTMLMediaElement, number>();
  /** The element fading out after a crossfade handed the queue to the next track. */
  let fadingOut: HTMLAudioElement | null = null;
  let fadeTimer: ReturnType<typeof setTimeout> | undefined;
  /** The spare started ahead by a transition: the queue's move to it must not rewind or pause it. */
  let startedAhead: HTMLAudioElement | null = null;
  let transitionTimer: ReturnType<typeof setTimeout> | undefined;
  let plannedFor: string | null = null;
  /** The decoded copies of the tracks of joins (made with the graph). */
  let decoding: TJoinDecoding | undefined;
  /** The sample joins' code: loaded with the first join planned, never for the first page or click. */
  let joins: TJoinModules | undefined;
  let isLoadingJoins = false;
  let run: TGaplessRun | null = null;
  /** The silent element whose track the run's last voice is sounding. */
  let runElement: HTMLAudioElement | null = null;
  /** Where each element's stream starts in its track (a seek into a live transcode loads it again). */
  const seeking = deps.transcodeSeeking ?? createTranscodeSeeking();
  /** The listener's position in the current track, and its length, whatever offset the stream starts at. */
  const positionOf = (element: HTMLMediaElement) => seeking.position(element);
  const durationOf = (element: HTMLMediaElement) =>
    seeking.duration(element, store.currentItem()?.track.duration ?? null);

  function markActive() {
    for (const element of allElements) element.removeAttribute('data-testid');
    active.setAttribute('data-testid', ACTIVE_AUDIO_TEST_ID);
  }

  function setSource(element: HTMLMediaElement, url: string) {
    // Set before the request: a redirect to storage of another origin (S3) must answer with CORS
    // headers, or the graph hears silence.
    if (canUseWebAudio && element !== plain) {
      if (isRoutable(url)) element.crossOrigin = 'anonymous';
      else element.removeAttribute('crossorigin');
    }
    // A new track in an element that mirrored a run's voice (silent): it sounds again.
    if (element !== runElement && output) {
      const fade = output.fade(element);
      fade?.cancelScheduledValues(output.context.currentTime);
      fade?.setValueAtTime(1, output.context.currentTime);
    }
    seeking.forget(element);
    element.src = url;
  }

  /** Seeks the active element to `position` of its track, loading its stream again when it must. */
  function seekActive(position: number) {
    const element = active;
    seeking.seek(element, position, (url) => {
      setSource(element, url);
      if (element === active && store.getSnapshot().isPlaying) play(element);
    });
  }

  /** The spare of `role` becomes the active element and the active one takes its role. */
  function takeOver(role: TSpareRole) {
    const spare = spares[role];
    if (!spare) return;
    spares[role] = active;
    if (active !== fadingOut) active.pause();
    active = spare;
    markActive();
  }

  const roleHolding = (url: string) =>
    SPARE_ROLES.find((role) => {
      const spare = spares[role];
      return spare && spare !== fadingOut && srcOf(spare) === url && !spare.error;
    });
  const isLoaded = (url: string) => srcOf(active) === url || roleHolding(url) !== undefined;
  /** A source another origin serves plays in the plain element once the graph exists. */
  const needsPlain = (url: string) => !!plain && !!output && !isRoutable(url);

  function load(url: string) {
    if (needsPlain(url)) {
      if (active !== plain && plain) {
        active.pause();
        parked = active;
        active = plain;
        markActive();
      }
      setSource(active, url);
      return;
    }
    if (active === plain && parked) {
      plain.pause();
      unload(plain);
      active = parked;
      parked = null;
      markActive();
    }
    const role = roleHolding(url);
    if (role) {
      const isAhead = spares[role] === startedAhead;
      takeOver(role);
      startedAhead = null;
      if (!isAhead && active.currentTime !== 0) active.currentTime = 0;
      return;
    }
    setSource(active, url);
  }

  function prepare(url: string, preload: 'metadata' | 'auto') {
    makeOutput();
    const warm = spares.warm;
    if (!warm || needsPlain(url) || warm === fadingOut) return;
    if (srcOf(warm) === url) {
      if (preload === 'auto') warm.preload = 'auto';
      return;
    }
    if (isLoaded(url)) return;
    warm.preload = preload;
    setSource(warm, url);
  }

  function unload(element: HTMLMediaElement | null) {
    if (!element || srcOf(element) === null) return;
    seeking.forget(element);
    element.removeAttribute('src');
    element.load();
  }

  function syncSource(state: TPlayerState) {
    const item = store.currentItem();
    if (!item) {
      if (loadedKey !== null) for (const element of allElements) unload(element);
      loadedKey = null;
      return;
    }
    if (item.key === loadedKey && state.playId === loadedPlayId) return;
    const isSameItem = item.key === loadedKey;
    loadedKey = item.key;
    loadedPlayId = state.playId;
    if (isSameItem) return; // a replay of the loaded track: the seek command rewinds it
    // A change the transition did not start (a skip, a click): whatever was started ahead stops.
    if (startedAhead && srcOf(startedAhead) !== streamUrl(item.track)) cancelStartedAhead();
    if (run && (!runElement || srcOf(runElement) !== streamUrl(item.track))) cancelRun();
    load(streamUrl(item.track));
    // After a reload the queue comes back paused at the remembered position.
    if (isFirstLoad && state.position > 0) seekActive(state.position);
    isFirstLoad = false;
  }

  function syncPreload(state: TPlayerState) {
    const next = spares.next;
    const upcoming = upcomingItem(state.queue);
    if (!next || !upcoming || next === fadingOut || next === startedAhead) return;
    const url = streamUrl(upcoming.track);
    if (isLoaded(url) || needsPlain(url)) return;
    // The current track's start comes first: the next one must not compete for the connection
    // and the decoder until the current one can play through.
    if (srcOf(active) !== null && active.readyState < HAVE_ENOUGH_DATA) return;
    next.preload = 'auto';
    setSource(next, url);
    // A join of an album in order needs both tracks decoded: short tracks leave little time.
    const item = store.currentItem();
    if (output && item && canJoin(item.track, upcoming.track)) {
      decodeAhead([srcOf(active), item.track], [url, upcoming.track]);
    }
  }

  /**
   * The graph, made when the pointer comes over a track list (`warmUp`) or a track's play control
   * (`prepare`), else on the first play. An `AudioContext`'s start is a synchronous round trip to the browser's audio
   * service: 60 ms of the click's task at 1x CPU in the bench (135-540 ms for a browser session's
   * first context in a headless probe), which held the element's load back by as much. Made on
   * the way to the click, its context may start suspended (no gesture yet): the play resumes it.
   */
  function makeOutput() {
    if (output === undefined) output = canUseWebAudio ? (deps.createOutput ?? createWebAudioOutput)() : null;
  }

  /** Routes the element into the graph, inside the listener's gesture (so its context may start). */
  function route(element: HTMLMediaElement) {
    makeOutput();
    if (!output) return;
    output.resume();
    if (element !== plain && !output.isConnected(element) && isRoutable(srcOf(element))) {
      try {
        output.connect(element);
      } catch {
        // Already connected elsewhere or refused: it plays as a plain element.
      }
    }
  }

  function play(element: HTMLMediaElement) {
    route(element);
    applyLevels(store.getSnapshot());
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
              return spare && allowed.has(spare) && spare !== fadingOut;
            });
        const spare = role && spares[role];
        if (role && spare) {
          setSource(spare, srcOf(element) ?? '');
          takeOver(role);
          if (store.getSnapshot().isPlaying) play(active);
          return;
        }
        // Autoplay refused (no user gesture yet): show paused rather than a spinning play button.
        store.setPlaying(false);
      },
    );
  }

  function levelOf(track: TPlayerTrack | undefined, queue: TQueueState, isLeadingOut = false): number {
    const prefs = preferences();
    return loudnessGain(track?.replay_gain, prefs.loudness, {
      preampDb: prefs.preamp_db,
      isAlbumInOrder: !isLeadingOut && isInAlbumRun(queue),
    });
  }

  function setLevel(element: HTMLMediaElement, gain: number) {
    if (!output?.isConnected(element) || levels.get(element) === gain) return;
    // A new track starts at its level; a changed setting glides there.
    output.setLevel(element, gain, !element.paused);
    levels.set(element, gain);
  }

  function applyLevels(state: TPlayerState) {
    const track = store.currentItem()?.track;
    const gain = levelOf(track, state.queue);
    if (output?.isConnected(active)) {
      active.volume = 1;
      active.muted = false;
      output.setVolume(state.isMuted ? 0 : state.volume / 100);
      setLevel(active, gain);
      return;
    }
    // No graph (or a source of another origin): the element's volume carries an approximation.
    const prefs = preferences();
    const factor = loudnessFactor(track?.replay_gain, prefs.loudness, {
      preampDb: prefs.preamp_db,
      isAlbumInOrder: isInAlbumRun(state.queue),
    });
    active.volume = (state.volume / 100) * factor;
    active.muted = state.isMuted;
  }

  function syncPlayback(state: TPlayerState) {
    applyLevels(state);
    if (state.isPlaying && active.paused && srcOf(active)) play(active);
    else if (!state.isPlaying && !active.paused) {
      active.pause();
      if (startedAhead || fadingOut || run) cancelTransitions();
    }
  }

  /** The next track to start ahead of the queue's move: in the graph, loaded far enough. */
  function readySpare(): HTMLAudioElement | null {
    const next = spares.next;
    const upcoming = upcomingItem(store.getSnapshot().queue);
    if (!output || !next || !upcoming || next === fadingOut) return null;
    if (srcOf(next) !== streamUrl(upcoming.track) || next.readyState < 3 || next.error) return null;
    return next;
  }

  /** An album in order, both tracks of this origin and short enough to decode: joined on the sample. */
  function canJoin(current: TPlayerTrack, next: TPlayerTrack): boolean {
    const isShort = (track: TPlayerTrack) =>
      track.duration !== null && track.duration / 1000 <= JOIN_MAX_SECONDS;
    return (
      isAlbumInOrder(transitionTrack(current), transitionTrack(next)) &&
      isShort(current) &&
      isShort(next) &&
      isRoutable(srcOf(active)) &&
      // A stream from an offset (a seek into a live transcode) has no whole decoded copy to join from.
      seeking.offsetOf(active) === 0 &&
      isRoutable(streamUrl(next))
    );
  }

  /** Decodes the tracks of a join; the catalogue's length bounds a stream without an encoder header. */
  function decodeAhead(...tracks: [string | null, TPlayerTrack][]) {
    if (!output) return;
    if (!joins) {
      if (isLoadingJoins) return;
      isLoadingJoins = true;
      // The next timeupdate or canplaythrough plans the join again and finds them loaded.
      void loadJoinModules().then((loaded) => {
        joins = loaded;
        decodeAhead(...tracks);
      });
      return;
    }
    decoding ??= joins.createJoinDecoding(output.context, planTransitionAhead);
    decoding.ahead(
      ...tracks.map(([url, track]) => [url, track.duration === null ? null : track.duration / 1000] as const),
    );
  }

  /** The current track already sounds from the run (a join before it): only the next needs decoding. */
  const isRunSounding = () => run !== null && runElement === active;
  const isJoinReady = (nextUrl: string) =>
    (isRunSounding() || decoding?.get(srcOf(active)) !== undefined) &&
    decoding?.get(nextUrl) !== undefined &&
    readySpare() !== null;

  /** Joins the next track on the sample when it is decoded; false: the elements join instead. */
  function beginJoin(nextUrl: string): boolean {
    const incoming = readySpare();
    const next = decoding?.get(nextUrl);
    // A decoded copy implies the join modules are loaded: `joins` is checked for the type only.
    if (!output || !joins || !incoming || !next || !output.isConnected(active)) return false;
    const current = decoding?.get(srcOf(active));
    if (!isRunSounding() && !current) return false;
    route(incoming);
    const inFade = output.fade(incoming);
    if (!inFade) return false;
    // Whoever starts the next element (the timer below, or the queue when this one ends first),
    // it stays silent: the run sounds its track.
    inFade.cancelScheduledValues(output.context.currentTime);
    inFade.setValueAtTime(0, output.context.currentTime);
    const state = store.getSnapshot();
    const nextLevel = levelOf(upcomingItem(state.queue)?.track, {
      ...state.queue,
      currentIndex: state.queue.currentIndex + 1,
    });
    setLevel(incoming, nextLevel);
    if (!isRunSounding() && current) {
      run?.cancel([]);
      run = joins.createGaplessRun(output);
      run.takeOver(active, current.buffer, levels.get(active) ?? 1, current.lead);
    }
    if (!run) return false;
    const joinAt = run.append(next.buffer, nextLevel);
    runElement = incoming;
    const outgoing = active;
    transitionTimer = setTimeout(
      () => {
        if (!run || active !== outgoing || !incoming.paused) return;
        if (incoming.currentTime !== 0) incoming.currentTime = 0;
        startedAhead = incoming;
        play(incoming);
      },
      Math.max(0, (joinAt - output.context.currentTime) * 1000),
    );
    return true;
  }

  function cancelRun() {
    if (!run) return;
    run.cancel(allElements);
    run = null;
    runElement = null;
  }

  /** At `startAt` seconds into the current track: start the next one, and move the queue to it. */
  function planTransitionAhead() {
    const state = store.getSnapshot();
    const item = store.currentItem();
    const upcoming = upcomingItem(state.queue);
    if (!output || !item || !upcoming || !state.isPlaying || state.queue.repeat === 'one') return;
    // Only a length the element knows: a live transcode's catalogue length is not exact to the sample.
    const duration = Number.isFinite(active.duration) ? durationOf(active) : Number.NaN;
    if (startedAhead || !Number.isFinite(duration)) return;
    const plan = planTransition(transitionTrack(item.track, duration), transitionTrack(upcoming.track), {
      crossfadeSeconds: preferences().crossfade_seconds,
      isManual: false,
    });
    if (plan.kind === 'cut') return;
    const remaining = plan.startAt - positionOf(active);
    const joinable = canJoin(item.track, upcoming.track) ? streamUrl(upcoming.track) : null;
    if (joinable && remaining <= DECODE_AHEAD_S) {
      decodeAhead([srcOf(active), item.track], [joinable, upcoming.track]);
    }
    if (remaining > TRANSITION_LOOKAHEAD_S) return;
    const key = `${item.key}:${state.playId}`;
    if (plannedFor === key) return;
    // A join waits for its decoding (the next timeupdate tries again) while there is time for it.
    const canWait = remaining > LAST_JOIN_CHANCE_S;
    if (joinable && canWait && !isJoinReady(joinable)) return;
    plannedFor = key;
    clearTimeout(transitionTimer);
    if (joinable && beginJoin(joinable)) return;
    // For a join the next element is started a little early: its output starts later than play().
    const lead = plan.kind === 'gapless' ? output.context.baseLatency + 0.02 : 0;
    transitionTimer = setTimeout(() => startTransition(plan), Math.max(0, (remaining - lead) * 1000));
  }

  function startTransition(plan: ReturnType<typeof planTransition>) {
    const incoming = readySpare();
    const outgoing = active;
    if (!output || !incoming || plan.kind === 'cut') return;
    route(incoming);
    if (!output.isConnected(incoming) || !output.isConnected(outgoing)) return;
    const state = store.getSnapshot();
    const upcoming = upcomingItem(state.queue);
    setLevel(
      incoming,
      levelOf(upcoming?.track, { ...state.queue, currentIndex: state.queue.currentIndex + 1 }),
    );
    if (incoming.currentTime !== 0) incoming.currentTime = 0;
    const now = output.context.currentTime;
    const inFade = output.fade(incoming);
    const outFade = output.fade(outgoing);
    if (plan.kind === 'crossfade' && inFade && outFade) {
      const steps = 64;
      const curveIn = new Float32Array(steps);
      const curveOut = new Float32Array(steps);
      for (let i = 0; i < steps; i++) {
        const gains = equalPowerGains(i / (steps - 1));
        curveIn[i] = gains.in;
        curveOut[i] = gains.out;
      }
      inFade.cancelScheduledValues(now);
      outFade.cancelScheduledValues(now);
      inFade.setValueCurveAtTime(curveIn, now, plan.seconds);
      if (run && runElement === outgoing) {
        // An album's last track sounds from a run (its element silent): it fades there, and the
        // run is left to end on its own.
        run.fadeOut(curveOut, plan.seconds);
        run = null;
        runElement = null;
      } else outFade.setValueCurveAtTime(curveOut, now, plan.seconds);
      fadingOut = outgoing;
      clearTimeout(fadeTimer);
      fadeTimer = setTimeout(finishFade, plan.seconds * 1000 + 50);
    } else if (inFade) {
      inFade.cancelScheduledValues(now);
      inFade.setValueAtTime(1, now);
    }
    startedAhead = incoming;
    play(incoming);
    if (plan.kind === 'crossfade') {
      // The queue moves on now: the next track is the one the listener hears come in.
      tracker.interrupt();
      store.handleEnded();
    }
  }

  /** The outgoing track of a crossfade reached silence: it stops and can preload again. */
  function finishFade() {
    const element = fadingOut;
    fadingOut = null;
    if (!element) return;
    element.pause();
    const fade = output?.fade(element);
    if (fade && output) {
      fade.cancelScheduledValues(output.context.currentTime);
      fade.setValueAtTime(1, output.context.currentTime);
    }
    syncPreload(store.getSnapshot());
  }

  function cancelStartedAhead() {
    const element = startedAhead;
    startedAhead = null;
    if (element && element !== active) element.pause();
  }

  function cancelTransitions() {
    clearTimeout(transitionTimer);
    cancelRun();
    plannedFor = null;
    cancelStartedAhead();
    if (fadingOut) {
      clearTimeout(fadeTimer);
      finishFade();
    }
    const fade = output?.fade(active);
    if (fade && output) {
      fade.cancelScheduledValues(output.context.currentTime);
      fade.setValueAtTime(1, output.context.currentTime);
    }
  }

  function sync() {
    const state = store.getSnapshot();
    syncSource(state);
    syncPlayback(state);
    syncPreload(state);
  }

  const offState = store.subscribeAudio(sync);
  const offPreferences = subscribeListeningPreferences(() => applyLevels(store.getSnapshot()));
  const offCommand = store.onCommand((command) => {
    if (command.type === 'seek') {
      tracker.interrupt();
      cancelRun();
      clearTimeout(transitionTimer);
      plannedFor = null;
      seekActive(command.position);
    } else if (command.type === 'prepare') {
      prepare(streamUrl(command.track), command.preload);
    } else if (command.type === 'warmUp') {
      makeOutput();
    }
  });

  // Every element gets the listeners; only the active element's events count.
  const listeners: [keyof HTMLMediaElementEventMap, () => void][] = [
    [
      'timeupdate',
      () => {
        const position = positionOf(active);
        store.setPosition(position);
        const item = store.currentItem();
        if (item && !active.paused)
          tracker.tick(store.getSnapshot().playId, item.track.id, position, durationOf(active));
        planTransitionAhead();
      },
    ],
    ['durationchange', () => store.setDuration(durationOf(active))],
    [
      'ended',
      () => {
        // A join started the next track already: the queue follows it now.
        store.handleEnded();
      },
    ],
    ['waiting', () => store.setBuffering(true)],
    [
      'playing',
      () => {
        store.setBuffering(false);
        // The account's copy of the settings, once sound is out (never competing with the first bytes).
        refreshListeningPreferences();
      },
    ],
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
  for (const element of allElements)
    for (const [event, onEvent] of handlers) element.addEventListener(event, onEvent);
  markActive();
  sync();

  return () => {
    offState();
    offPreferences();
    offCommand();
    clearTimeout(transitionTimer);
    clearTimeout(fadeTimer);
    for (const element of allElements)
      for (const [event, onEvent] of handlers) element.removeEventListener(event, onEvent);
  };
}
