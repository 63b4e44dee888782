import { onRealtimeEvent, sendRealtime } from '@cadence/app-shell/realtime/use-realtime';
import type { TParty, TPartyMessage, TPartyReaction } from '@cadence/contracts/party';
import { partyPlaceAt, type TPartyTimeline } from '@cadence/contracts/party-timeline';
import { getPlayer } from '../playback/player-instance';
import type { TPlayerTrack } from '../playback/player-track';
import { activeAudio, resetRates } from './active-audio';
import { CLOCK_SAMPLES, estimateOffset, sampleOffset, type TClockSample } from './clock-sync';
import { partyApi, type TControl } from './party-api';
import { markPartySessionLoaded, rememberParty } from './party-memory';
import { syncStep } from './sync-step';

export type TPartySessionStatus = 'idle' | 'loading' | 'live' | 'removed' | 'ended' | 'failed';
export type TPartySession = { code: string | null; party: TParty | null; status: TPartySessionStatus };

const TICK_MS = 250;
/** Media events (they do not bubble: listened to while capturing) after which the element has landed. */
const LANDED_EVENTS = ['playing', 'seeked'] as const;
/** The clock is probed again this often: a laptop's clock drifts, and sleeps. */
const REPROBE_MS = 30_000;
/** A second round of probes this long (ms) after the party opens. */
const SETTLED_PROBE_MS = 4_000;
/**
 * Without a socket (a guest, realtime off), the party is read this often instead of being told.
 * Guests have no socket on purpose: see "Guests keep polling" in the api's parties README.
 */
const POLL_MS = 5_000;

let session: TPartySession = { code: null, party: null, status: 'idle' };
const listeners = new Set<() => void>();
let stopLive: (() => void) | null = null;
let offsetMs: number | null = null;
/** The clock probes' answers, newest last, across rounds (the device's clock does not jump between them). */
let clockSamples: TClockSample[] = [];
const CLOCK_POOL = 30;
let playerIndexOf: number[] = [];
let queueKey = '';
/** Learnt from where seeks of a playing element landed (see TPlayerView.seekLeadMs). */
let seekLeadMs = 0;
let isMeasuringSeek = false;
const MAX_SEEK_LEAD_MS = 400;
/**
 * A seek that landed further off than this (ms) is aimed again at once: the rate (3 %) would take
 * seconds to make up a few hundred ms, and right after a control (a skip, a seek, a join, a
 * reload) a second small jump is not heard as one.
 */
const LANDING_TOLERANCE_MS = 40;
/** Aims again at most this many times per control: a device that cannot land closer uses the rate. */
const LANDING_RETRIES = 2;
let landingRetries = 0;
/**
 * The seek being measured came with a track change: its landing includes the new track's start
 * (a load, a spare taking over), not only a seek's delay, so it is aimed again but not learnt from.
 */
let isSelectLanding = false;
/**
 * A stall's small jump (drift.ts) waits this long (ms) after any seek: a device whose seeks land
 * a few hundred ms off would otherwise jump every tick, where the rate works it off quietly.
 */
const JUMP_SPACING_MS = 2_000;
let lastSeekAt = 0;

function set(patch: Partial<TPartySession>) {
  session = { ...session, ...patch };
  for (const listener of listeners) listener();
}

/** Loads this listener's view of the queue into the player when the queue itself changed. */
function applyQueue(party: TParty) {
  const key = party.queue.map((entry) => entry.track?.id ?? 0).join(',');
  if (key === queueKey) return;
  queueKey = key;
  const tracks: TPlayerTrack[] = [];
  playerIndexOf = party.queue.map((entry) => {
    if (!entry.track) return -1;
    tracks.push(entry.track);
    return tracks.length - 1;
  });
  const player = getPlayer();
  player.setShuffle(false);
  player.setRepeat('off');
  if (tracks.length > 0) player.playTracks(tracks, 0, 'queue');
  player.pause();
}

function receive(party: TParty, sample?: TClockSample) {
  // Until the socket's probes answer, the party's own answer is a first, rougher, clock sample.
  if (offsetMs === null && sample) offsetMs = sampleOffset(sample);
  applyQueue(party);
  set({ party, status: party.is_ended ? 'ended' : 'live' });
}

async function load(code: string) {
  const t0 = Date.now();
  const party = await partyApi.get(code);
  receive(party, { t0, server: party.server_time, t1: Date.now() });
}

function tick() {
  const party = session.party;
  if (!party || offsetMs === null || session.status !== 'live') return;
  const player = getPlayer();
  const state = player.getSnapshot();
  const audio = activeAudio();
  const isReady = !!audio && audio.readyState >= 3 && !state.isBuffering;
  const durations = party.queue.map((entry) => entry.duration);
  const serverNow = Date.now() + offsetMs;
  const audioMs = isReady && audio && !audio.paused ? audio.currentTime * 1000 : null;
  if (isMeasuringSeek && audioMs !== null && party.timeline.is_playing) {
    // The first reading after a seek: how far behind it landed tunes the next seek's aim.
    isMeasuringSeek = false;
    const place = partyPlaceAt(party.timeline, durations, serverNow);
    const behind = place.position_ms - audioMs;
    if (Math.abs(behind) < 1_000 && !isSelectLanding)
      seekLeadMs = Math.min(MAX_SEEK_LEAD_MS, Math.max(0, seekLeadMs + behind / 2));
    isSelectLanding = false;
    if (Math.abs(behind) > LANDING_TOLERANCE_MS && landingRetries < LANDING_RETRIES) {
      landingRetries += 1;
      player.seek((place.position_ms + seekLeadMs) / 1000);
      lastSeekAt = Date.now();
      isMeasuringSeek = true;
      return;
    }
  }
  const actions = syncStep(party.timeline, durations, playerIndexOf, serverNow, {
    currentIndex: state.queue.currentIndex,
    isPlaying: state.isPlaying,
    audioMs: isReady && audio ? audio.currentTime * 1000 : null,
    positionMs: state.position * 1000,
    seekLeadMs,
    mayJump: Date.now() - lastSeekAt > JUMP_SPACING_MS,
  });
  for (const action of actions) {
    if (action.type === 'select') player.playItem(action.index);
    else if (action.type === 'play') player.play();
    else if (action.type === 'pause') player.pause();
    else if (action.type === 'seek') {
      player.seek(action.ms / 1000);
      lastSeekAt = Date.now();
      isMeasuringSeek = party.timeline.is_playing;
      isSelectLanding = actions.some((other) => other.type === 'select');
      landingRetries = 0;
    } else if (audio && audio.playbackRate !== action.rate) audio.playbackRate = action.rate;
  }
  resetRates(audio);
}

/** NTP-style probes over the socket; the estimate replaces the rough one once a few answer. */
function probeClock() {
  const pending = new Map<number, number>();
  let heard = 0;
  const off = onRealtimeEvent('time', (event) => {
    const t0 = pending.get(event.id as number);
    if (t0 === undefined || typeof event.server !== 'number') return;
    pending.delete(event.id as number);
    heard += 1;
    // Every round adds to one pool: a trip taken while the page was busy (its answer handled
    // late) misleads by half that delay, and the quickest trips of all the rounds outvote it.
    clockSamples = [...clockSamples, { t0, server: event.server, t1: Date.now() }].slice(-CLOCK_POOL);
    if (heard >= Math.min(3, CLOCK_SAMPLES)) offsetMs = estimateOffset(clockSamples) ?? offsetMs;
    if (heard === CLOCK_SAMPLES) off();
  });
  const timers = Array.from({ length: CLOCK_SAMPLES }, (_, index) =>
    setTimeout(() => {
      const id = Math.floor(Math.random() * 2 ** 31);
      pending.set(id, Date.now());
      sendRealtime({ type: 'time', id });
    }, index * 150),
  );
  return () => {
    off();
    for (const timer of timers) clearTimeout(timer);
  };
}

function onState(event: { type: string; [key: string]: unknown }) {
  const party = session.party;
  if (!party || event.code !== party.code || typeof event.revision !== 'number') return;
  if (event.is_ended) return set({ status: 'ended' });
  if (event.is_changed) return void load(party.code).catch(() => {});
  // Events may arrive out of order after a reconnection: an older state never wins.
  if (event.revision <= party.revision) return;
  set({ party: { ...party, revision: event.revision, timeline: event.timeline as TPartyTimeline } });
}

function goLive(code: string) {
  let stopProbe = probeClock();
  const offs = [
    onRealtimeEvent('party.state', onState),
    onRealtimeEvent('party.removed', (event) => {
      if (event.code !== code) return;
      leaveLocally('removed');
    }),
    onRealtimeEvent('party.message', (event) => {
      const party = session.party;
      const message = event.message as TPartyMessage;
      if (!party || event.code !== code || party.messages.some((line) => line.id === message.id)) return;
      set({ party: { ...party, messages: [...party.messages, message].slice(-100) } });
    }),
    // A toggled reaction: the line's new counts and names, for every member on every replica.
    onRealtimeEvent('party.reaction', (event) => {
      const party = session.party;
      if (!party || event.code !== code) return;
      const reactions = event.reactions as TPartyReaction[];
      set({
        party: {
          ...party,
          messages: party.messages.map((line) =>
            line.id === event.message_id ? { ...line, reactions } : line,
          ),
        },
      });
    }),
    onRealtimeEvent('party.message_deleted', (event) => {
      const party = session.party;
      if (party)
        set({ party: { ...party, messages: party.messages.filter((line) => line.id !== event.id) } });
    }),
    // A (re)connected socket: what was missed is read again and the clock measured again.
    onRealtimeEvent('connected', () => {
      stopProbe();
      stopProbe = probeClock();
      void load(code).catch(() => {});
    }),
  ];
  const ticker = setInterval(tick, TICK_MS);
  // A start or a seek that has just landed is read at once, not up to a tick later: a landing off
  // by a few hundred ms (a track that had to start first, a busy device) is aimed again before
  // it is heard as an echo. After the event's own listeners: the player marks itself playing there.
  const onLanded = (event: Event) => {
    if (event.target === activeAudio()) setTimeout(tick, 0);
  };
  for (const type of LANDED_EVENTS) document.addEventListener(type, onLanded, true);
  const probeAgain = () => {
    stopProbe();
    stopProbe = probeClock();
  };
  // The first round runs while the page is still busy starting: a second one soon after, once
  // it settled, gives the pool quick trips to trust.
  const settledProbe = setTimeout(probeAgain, SETTLED_PROBE_MS);
  const reprobe = setInterval(probeAgain, REPROBE_MS);
  // Without an open socket (a guest, realtime turned off, a socket still reconnecting) nothing
  // is announced: read the party instead. A member's socket answers the ping with a pong.
  const poll = setInterval(() => {
    if (!session.party?.is_member || !sendRealtime({ type: 'ping' })) void load(code).catch(() => {});
  }, POLL_MS);
  return () => {
    stopProbe();
    for (const off of offs) off();
    clearInterval(ticker);
    for (const type of LANDED_EVENTS) document.removeEventListener(type, onLanded, true);
    clearTimeout(settledProbe);
    clearInterval(reprobe);
    clearInterval(poll);
  };
}

function leaveLocally(status: TPartySessionStatus) {
  stopLive?.();
  stopLive = null;
  rememberParty(null);
  resetRates();
  getPlayer().pause();
  queueKey = '';
  offsetMs = null;
  clockSamples = [];
  set({ status, code: null });
}

export const partySession = {
  getSnapshot: () => session,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Opens the party (joining it when `shouldJoin`) and follows its timeline until left. */
  async open(code: string, shouldJoin: boolean) {
    if (session.code !== code) {
      stopLive?.();
      stopLive = null;
      queueKey = '';
      offsetMs = null;
      clockSamples = [];
    }
    set({ code, status: session.party?.code === code ? session.status : 'loading' });
    try {
      const t0 = Date.now();
      const party = shouldJoin ? await partyApi.join(code) : await partyApi.get(code);
      receive(party, { t0, server: party.server_time, t1: Date.now() });
      if (party.is_member) rememberParty(code);
      stopLive ??= goLive(code);
    } catch (error) {
      set({ status: 'failed' });
      throw error;
    }
  },
  async leave() {
    const code = session.code;
    leaveLocally('idle');
    set({ party: null });
    if (code) await partyApi.leave(code).catch(() => {});
  },
  async control(control: TControl) {
    const party = session.party;
    if (!party) return;
    try {
      receive(await partyApi.control(party.code, party.revision, control));
    } catch (error) {
      // Someone else's control came first (409): read the party again, then the host decides.
      await load(party.code).catch(() => {});
      throw error;
    }
  },
  /** Where the party's clock says we are (server ms), for tests and the chat's time stamps. */
  positionMs(): number | null {
    const player = getPlayer().getSnapshot();
    return session.party ? Math.round(player.position * 1000) : null;
  },
  /** A line as the api answered it (the reacting member's own toggle, before or without the socket). */
  updateMessage(message: TPartyMessage) {
    const party = session.party;
    if (!party) return;
    set({
      party: { ...party, messages: party.messages.map((line) => (line.id === message.id ? message : line)) },
    });
  },
  /** Where the party's timeline is now by the server's clock: the chat's time stamps, the moments. */
  placeNow(party: TParty) {
    return partyPlaceAt(
      party.timeline,
      party.queue.map((entry) => entry.duration),
      Date.now() + (offsetMs ?? 0),
    );
  },
  /** For tests: the measured clock offset (server - local, ms). */
  clockOffset: () => offsetMs,
};

markPartySessionLoaded();
