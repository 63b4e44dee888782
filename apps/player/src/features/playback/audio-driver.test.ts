import { describe, expect, it, vi } from 'vitest';
import { playerTrackFixture } from '../../test/player-track-fixture';
import { ACTIVE_AUDIO_TEST_ID, attachAudioDriver } from './audio-driver';
import { createPlayerStore } from './player-store';
import { createTranscodeSeeking } from './transcode-seeking';

/** Enough of HTMLAudioElement for the driver: attributes, play/pause, ready state and events. */
class FakeAudio extends EventTarget {
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

const track = (id: number) => playerTrackFixture(id, 20_000);
const url = (id: number) => `/api/v1/tracks/${id}/stream`;

function setup() {
  const store = createPlayerStore({ defaultVolume: 50, defaultRepeat: 'off' });
  const audio = new FakeAudio();
  const standby = new FakeAudio();
  const warm = new FakeAudio();
  const deps = { reportPlay: vi.fn(), onTrackError: vi.fn() };
  const elements = [audio, standby, warm] as unknown as [
    HTMLAudioElement,
    HTMLAudioElement,
    HTMLAudioElement,
  ];
  const detach = attachAudioDriver(store, elements, deps);
  return { store, audio, standby, warm, deps, detach };
}

const isActive = (element: FakeAudio) => element.getAttribute('data-testid') === ACTIVE_AUDIO_TEST_ID;

describe('attachAudioDriver', () => {
  it('gives the audio element its source and play() before the view hears of the click, and before the queue is saved', () => {
    const audio = new FakeAudio();
    const atSave: (string | null)[] = [];
    const storage = { getItem: () => null, setItem: () => void atSave.push(audio.getAttribute('src')) };
    const store = createPlayerStore({ storage, defaultRepeat: 'off' });
    // The rows on the page subscribe before the AudioHost does (they mount first).
    const heardByView: [string | null, number][] = [];
    store.subscribe(() => heardByView.push([audio.getAttribute('src'), audio.play.mock.calls.length]));
    const elements = [audio, new FakeAudio(), new FakeAudio()] as unknown as [HTMLAudioElement];
    attachAudioDriver(store, elements, { reportPlay: vi.fn(), onTrackError: vi.fn() });
    store.playTracks([track(1), track(2)]);
    expect(heardByView[0]).toEqual([url(1), 1]);
    expect(atSave[0]).toBe(url(1));
  });

  it('loads and plays the current track, and preloads the next only once the current one can play through', () => {
    const { store, audio, standby } = setup();
    store.playTracks([track(1), track(2)]);
    expect(audio.getAttribute('src')).toBe(url(1));
    expect(audio.play).toHaveBeenCalled();
    expect(audio.volume).toBe(0.5);
    expect(isActive(audio)).toBe(true);
    // The start of the current track must not share the connection with the next one.
    expect(standby.getAttribute('src')).toBeNull();
    store.setPosition(0.1);
    expect(standby.getAttribute('src')).toBeNull();
    audio.canPlayThrough();
    expect(standby.getAttribute('src')).toBe(url(2));
    expect(standby.preload).toBe('auto');
  });

  it('swaps to the preloaded element at the end of a track without loading it again', () => {
    const { store, audio, standby } = setup();
    store.playTracks([track(1), track(2), track(3)]);
    audio.paused = false;
    audio.canPlayThrough();
    standby.readyState = 4;
    audio.paused = true;
    audio.emit('ended');
    expect(store.currentItem()?.track.id).toBe(2);
    expect(standby.getAttribute('src')).toBe(url(2));
    expect(standby.play).toHaveBeenCalledTimes(1);
    expect(standby.volume).toBe(0.5);
    expect(isActive(standby)).toBe(true);
    expect(isActive(audio)).toBe(false);
    // The element that finished now waits for the track after the next one.
    expect(audio.getAttribute('src')).toBe(url(3));
    // Events of the element on standby no longer reach the store.
    audio.duration = 99;
    audio.emit('durationchange');
    expect(store.getSnapshot().duration).toBe(0);
    standby.duration = 20;
    standby.emit('durationchange');
    expect(store.getSnapshot().duration).toBe(20);
  });

  it('swaps on a manual next too, pausing the element it leaves and rewinding the one it takes', () => {
    const { store, audio, standby } = setup();
    store.playTracks([track(1), track(2)]);
    audio.canPlayThrough();
    standby.currentTime = 3;
    store.next();
    expect(audio.pause).toHaveBeenCalled();
    expect(standby.currentTime).toBe(0);
    expect(standby.play).toHaveBeenCalled();
    expect(isActive(standby)).toBe(true);
  });

  it('loads into the playing element when the new track is not the preloaded one', () => {
    const { store, audio, standby } = setup();
    store.playTracks([track(1), track(2), track(3)]);
    audio.canPlayThrough();
    store.playItem(2);
    expect(audio.getAttribute('src')).toBe(url(3));
    expect(standby.getAttribute('src')).toBe(url(2));
    expect(isActive(audio)).toBe(true);
  });

  it('loads a track the pointer reaches for, and plays it from that element on the click', () => {
    const { store, audio, standby, warm } = setup();
    store.prepare(track(5), 'metadata');
    expect(warm.getAttribute('src')).toBe(url(5));
    expect(warm.preload).toBe('metadata');
    store.prepare(track(5), 'auto');
    expect(warm.preload).toBe('auto');
    store.playTracks([track(5), track(6)]);
    expect(warm.play).toHaveBeenCalledTimes(1);
    expect(isActive(warm)).toBe(true);
    expect(audio.getAttribute('src')).toBeNull();
    // The upcoming track still goes to its own element once the warmed one can play through.
    warm.canPlayThrough();
    expect(standby.getAttribute('src')).toBe(url(6));
    // Reaching for the playing or the preloaded track loads nothing more.
    store.prepare(track(6));
    store.prepare(track(5));
    expect(audio.getAttribute('src')).toBeNull();
  });

  it('moves on when a track ends and skips a broken one with a notice', () => {
    const { store, audio, deps } = setup();
    store.playTracks([track(1), track(2), track(3)]);
    audio.emit('ended');
    expect(audio.getAttribute('src')).toBe(url(2));
    audio.emit('error');
    expect(deps.onTrackError).toHaveBeenCalledWith('T2');
    expect(audio.getAttribute('src')).toBe(url(3));
  });

  it('ignores the errors of the element on standby', () => {
    const { store, audio, standby, deps } = setup();
    store.playTracks([track(1), track(2)]);
    audio.canPlayThrough();
    standby.emit('error');
    expect(deps.onTrackError).not.toHaveBeenCalled();
    expect(store.currentItem()?.track.id).toBe(1);
  });

  it('reports time back to the store and a play once past the threshold', () => {
    const { store, audio, deps } = setup();
    store.playTracks([track(1)]);
    audio.paused = false;
    audio.duration = 20;
    audio.emit('durationchange');
    for (let t = 0; t <= 10.5; t += 0.25) {
      audio.currentTime = t;
      audio.emit('timeupdate');
    }
    expect(store.getSnapshot()).toMatchObject({ position: 10.5, duration: 20 });
    expect(deps.reportPlay).toHaveBeenCalledTimes(1);
    expect(deps.reportPlay).toHaveBeenCalledWith(1, 10_000);
  });

  it('reports one play per track across a swap', () => {
    const { store, audio, standby, deps } = setup();
    store.playTracks([track(1), track(2)]);
    audio.canPlayThrough();
    for (const element of [audio, standby]) {
      element.paused = false;
      element.duration = 20;
      for (let t = 0; t <= 11; t += 0.25) {
        element.currentTime = t;
        element.emit('timeupdate');
      }
      element.paused = true;
      element.emit('ended');
    }
    expect(deps.reportPlay.mock.calls).toEqual([
      [1, 10_000],
      [2, 10_000],
    ]);
  });

  it('seeks the element and pauses it when the store says so', () => {
    const { store, audio } = setup();
    store.playTracks([track(1)]);
    audio.paused = false;
    store.seek(7);
    expect(audio.currentTime).toBe(7);
    store.pause();
    expect(audio.pause).toHaveBeenCalled();
  });

  it('seeks a live transcode by loading it again at the offset, and shows the track position from there', async () => {
    const store = createPlayerStore({ defaultVolume: 50, defaultRepeat: 'off' });
    const audio = new FakeAudio();
    const elements = [audio, new FakeAudio(), new FakeAudio()] as unknown as [HTMLAudioElement];
    const probe = vi.fn(async () => true);
    attachAudioDriver(store, elements, {
      reportPlay: vi.fn(),
      onTrackError: vi.fn(),
      transcodeSeeking: createTranscodeSeeking(probe),
    });
    const live = '/api/v1/tracks/1/stream?maxBitRate=96';
    store.playTracks([{ ...track(1), duration: 240_000, stream_url: live }]);
    expect(audio.getAttribute('src')).toBe(live);
    audio.paused = false;
    // A live transcode has no length of its own: the catalogue's is shown.
    audio.duration = Infinity;
    audio.emit('durationchange');
    expect(store.getSnapshot().duration).toBe(240);
    store.seek(90);
    await vi.waitFor(() => expect(audio.getAttribute('src')).toBe(`${live}&timeOffset=90`));
    expect(probe).toHaveBeenCalledWith(live);
    // Setting the source paused the element in a browser: the queue still plays, so it plays again.
    expect(audio.play).toHaveBeenCalledTimes(2);
    audio.currentTime = 3;
    audio.emit('timeupdate');
    expect(store.getSnapshot().position).toBe(93);
    // Back to the start: the stream from the beginning again.
    store.seek(0);
    await vi.waitFor(() => expect(audio.getAttribute('src')).toBe(live));
    audio.currentTime = 1;
    audio.emit('timeupdate');
    expect(store.getSnapshot().position).toBe(1);
  });

  it('plays the track in the element the browser allowed when it refuses the swapped-in one', async () => {
    const { store, audio, standby } = setup();
    store.playTracks([track(1), track(2)]);
    await Promise.resolve(); // the first play() was accepted
    audio.canPlayThrough();
    standby.play.mockRejectedValueOnce(new DOMException('no gesture', 'NotAllowedError'));
    audio.paused = true;
    audio.emit('ended');
    await vi.waitFor(() => expect(audio.play).toHaveBeenCalledTimes(2));
    expect(audio.getAttribute('src')).toBe(url(2));
    expect(isActive(audio)).toBe(true);
    expect(store.getSnapshot().isPlaying).toBe(true);
  });

  it('shows paused when the browser refuses to play without a gesture', async () => {
    const { store, audio } = setup();
    audio.play.mockRejectedValueOnce(new DOMException('no gesture', 'NotAllowedError'));
    store.playTracks([track(1)]);
    await vi.waitFor(() => expect(store.getSnapshot().isPlaying).toBe(false));
  });
});
