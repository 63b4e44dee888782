import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_LISTENING_PREFERENCES,
  type TListeningPreferences,
} from '../listening/listening-preferences';
import { attachAudioDriver } from './audio-driver';
import { createPlayerStore } from './player-store';
import type { TPlayerTrack } from './player-track';
import type { TWebAudioOutput } from './web-audio-output';

/** Enough of HTMLAudioElement for the driver: attributes, play/pause, ready state and events. */
class FakeAudio extends EventTarget {
  crossOrigin: string | null = null;
  attrs = new Map<string, string>();
  paused = true;
  currentTime = 0;
  duration = Number.NaN;
  volume = 1;
  muted = false;
  preload = '';
  readyState = 0;
  error: MediaError | null = null;
  play = vi.fn(async () => {
    this.paused = false;
  });
  pause = vi.fn(() => {
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  });
  load = vi.fn();
  set src(value: string) {
    this.attrs.set('src', value);
    this.readyState = 0;
    this.currentTime = 0;
  }
  getAttribute(name: string) {
    return this.attrs.get(name) ?? null;
  }
  setAttribute(name: string, value: string) {
    this.attrs.set(name, value);
  }
  removeAttribute(name: string) {
    this.attrs.delete(name);
  }
  emit(type: string) {
    this.dispatchEvent(new Event(type));
  }
  /** The browser buffered enough to play to the end. */
  canPlayThrough() {
    this.readyState = 4;
    this.emit('canplaythrough');
  }
}

/** A recording AudioParam: the values and curves the driver scheduled. */
class FakeParam {
  value = 1;
  curves: { values: number[]; duration: number }[] = [];
  setValueAtTime(value: number) {
    this.value = value;
  }
  setTargetAtTime(value: number) {
    this.value = value;
  }
  setValueCurveAtTime(values: Float32Array, _start: number, duration: number) {
    this.curves.push({ values: [...values], duration });
  }
  cancelScheduledValues() {}
}

function fakeOutput() {
  const connected = new Set<unknown>();
  const levels = new Map<unknown, number>();
  const fades = new Map<unknown, FakeParam>();
  const output = {
    context: { currentTime: 0, baseLatency: 0.01 } as AudioContext,
    volume: -1,
    resumed: 0,
    levels,
    fades,
    isConnected: (element: unknown) => connected.has(element),
    connect(element: unknown) {
      connected.add(element);
      fades.set(element, new FakeParam());
    },
    setLevel: (element: unknown, gain: number) => void levels.set(element, gain),
    fade: (element: unknown) => (fades.get(element) as unknown as AudioParam) ?? null,
    setVolume(linear: number) {
      output.volume = linear;
    },
    resume() {
      output.resumed++;
    },
  };
  return output;
}

const albumTrack = (id: number, number: number, gain = -6): TPlayerTrack => ({
  id,
  name: `T${id}`,
  image: null,
  duration: 20_000,
  artists: [],
  album: { id: 7, name: 'Album' },
  number,
  replay_gain: { track_gain: gain, track_peak: 0.5, album_gain: -3, album_peak: 0.6 },
});
const single = (id: number, gain = -6): TPlayerTrack => ({
  ...albumTrack(id, 1, gain),
  album: null,
  number: null,
});

function setup(preferences: Partial<TListeningPreferences> = {}) {
  const store = createPlayerStore({ defaultVolume: 50, defaultRepeat: 'off' });
  const [audio, standby, warm, plain] = [new FakeAudio(), new FakeAudio(), new FakeAudio(), new FakeAudio()];
  const output = fakeOutput();
  let madeOutputs = 0;
  const prefs = { ...DEFAULT_LISTENING_PREFERENCES, ...preferences };
  const elements = [audio, standby, warm] as unknown as [
    HTMLAudioElement,
    HTMLAudioElement,
    HTMLAudioElement,
  ];
  attachAudioDriver(
    store,
    elements,
    {
      reportPlay: vi.fn(),
      onTrackError: vi.fn(),
      preferences: () => prefs,
      createOutput: () => {
        madeOutputs += 1;
        return output as unknown as TWebAudioOutput;
      },
    },
    plain as unknown as HTMLAudioElement,
  );
  /** The current element plays and the next one is loaded, `secondsLeft` before the end. */
  const nearEnd = (secondsLeft: number) => {
    audio.paused = false;
    audio.duration = 20;
    audio.canPlayThrough();
    standby.readyState = 4;
    audio.currentTime = 20 - secondsLeft;
    audio.emit('timeupdate');
  };
  return { store, audio, standby, plain, output, nearEnd, madeOutputs: () => madeOutputs };
}

describe('attachAudioDriver with Web Audio', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('routes the api audio through the graph on the first play: volume and loudness there, the element at full', () => {
    const { store, audio, output } = setup({ preamp_db: 3 });
    store.playTracks([single(1, 4)]);
    expect(output.resumed).toBe(1);
    expect(output.isConnected(audio)).toBe(true);
    expect(audio.crossOrigin).toBe('anonymous');
    expect(audio.volume).toBe(1);
    expect(output.volume).toBe(0.5);
    // +4 dB + 3 dB pre-amp would pass full scale with a 0.5 peak: capped at 1/0.5 (no clipping).
    expect(output.levels.get(audio)).toBeCloseTo(2, 6);
    store.toggleMute();
    expect(output.volume).toBe(0);
  });

  it('makes the graph when the pointer comes over a track list, and starts it with the play', () => {
    const { store, audio, output, madeOutputs } = setup();
    store.warmUp();
    // Made on the way to the click, not in it; not started: hovering is no gesture.
    expect(madeOutputs()).toBe(1);
    expect(output.resumed).toBe(0);
    store.prepare(single(2), 'metadata');
    expect(madeOutputs()).toBe(1);
    store.playTracks([single(1)]);
    expect(madeOutputs()).toBe(1);
    expect(output.resumed).toBe(1);
    expect(output.isConnected(audio)).toBe(true);
  });

  it("asks the api for the listener's bitrate limit, and only when they have one", () => {
    const limited = setup({ max_bit_rate: 128, format: 'opus' });
    limited.store.playTracks([single(1)]);
    expect(limited.audio.getAttribute('src')).toBe('/api/v1/tracks/1/stream?maxBitRate=128');
    const plain = setup({ format: 'opus' });
    plain.store.playTracks([single(1)]);
    expect(plain.audio.getAttribute('src')).toBe('/api/v1/tracks/1/stream');
  });

  it('takes the album gain in auto mode only while the album plays in order', () => {
    const { store, audio, output } = setup({ loudness: 'auto' });
    store.playTracks([albumTrack(1, 1), albumTrack(2, 2)]);
    expect(output.levels.get(audio)).toBeCloseTo(10 ** (-3 / 20), 6);
    store.playTracks([albumTrack(3, 1), single(4)]);
    expect(output.levels.get(audio)).toBeCloseTo(10 ** (-6 / 20), 6);
  });

  it('crossfades into the next track with equal-power curves, moving the queue when it comes in', () => {
    const { store, audio, standby, output, nearEnd } = setup({ crossfade_seconds: 6 });
    store.playTracks([single(1), single(2), single(3)]);
    nearEnd(6.5);
    expect(standby.play).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(standby.play).toHaveBeenCalledTimes(1);
    expect(store.currentItem()?.track.id).toBe(2);
    const incoming = output.fades.get(standby)?.curves[0];
    const outgoing = output.fades.get(audio)?.curves[0];
    expect(incoming?.duration).toBe(6);
    expect(outgoing?.duration).toBe(6);
    for (let i = 0; i < (incoming?.values.length ?? 0); i++) {
      const power = (incoming?.values[i] ?? 0) ** 2 + (outgoing?.values[i] ?? 0) ** 2;
      expect(power).toBeCloseTo(1, 5);
    }
    // The outgoing track keeps playing through the fade, then stops.
    expect(audio.pause).not.toHaveBeenCalled();
    vi.advanceTimersByTime(6100);
    expect(audio.pause).toHaveBeenCalled();
  });

  it('joins an album in order at the end, without a crossfade (by the elements when it cannot be decoded)', () => {
    const { store, audio, standby, output, nearEnd } = setup({ crossfade_seconds: 6 });
    store.playTracks([albumTrack(1, 1), albumTrack(2, 2)]);
    nearEnd(1);
    // Waiting for the decoded copies while there is time; at the last chance the elements join.
    vi.advanceTimersByTime(1000);
    expect(standby.play).not.toHaveBeenCalled();
    audio.currentTime = 19.75;
    audio.emit('timeupdate');
    vi.advanceTimersByTime(210);
    expect(standby.play).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10);
    expect(standby.play).toHaveBeenCalledTimes(1);
    expect(output.fades.get(standby)?.curves ?? []).toEqual([]);
    expect(store.currentItem()?.track.id).toBe(1);
    audio.emit('ended');
    expect(store.currentItem()?.track.id).toBe(2);
    // The started element is not rewound by the queue's move.
    expect(standby.play).toHaveBeenCalledTimes(1);
  });

  it('never crossfades into a track the listener skipped to', () => {
    const { store, standby, output, nearEnd } = setup({ crossfade_seconds: 6 });
    store.playTracks([single(1), single(2)]);
    nearEnd(8);
    store.next();
    vi.advanceTimersByTime(10_000);
    expect(output.fades.get(standby)?.curves ?? []).toEqual([]);
  });

  it('plays a source of another origin in the plain element, outside the graph', () => {
    vi.stubGlobal('location', new URL('http://cadence.test/album/1'));
    try {
      const { store, audio, plain, output } = setup();
      store.playTracks([single(1), { ...single(2), stream_url: 'https://elsewhere.test/a.mp3' }]);
      store.next();
      expect(plain.getAttribute('src')).toBe('https://elsewhere.test/a.mp3');
      expect(output.isConnected(plain)).toBe(false);
      expect(plain.play).toHaveBeenCalled();
      store.previous();
      expect(audio.getAttribute('src')).toBe('/api/v1/tracks/1/stream');
      expect(audio.play).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
