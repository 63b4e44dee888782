import { describe, expect, it, vi } from 'vitest';
import { playerTrackFixture } from '../../test/player-track-fixture';
import { createPlayerStore, PLAYER_STORAGE_KEY } from './player-store';

const track = (id: number) => playerTrackFixture(id, 60_000);

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('player store', () => {
  it('tags queued tracks with the page they were queued from (the play source)', () => {
    let page: 'album' | 'search' = 'album';
    const store = createPlayerStore({ sourceOf: () => page });
    store.playTracks([track(1), track(2)]);
    page = 'search';
    store.addToQueue([track(3)]);
    store.addToQueue([track(4)], 'radio');
    expect(store.getSnapshot().queue.items.map((item) => item.source)).toEqual([
      'album',
      'album',
      'search',
      'radio',
    ]);
  });

  it('starts from the settings defaults', () => {
    const store = createPlayerStore({ defaultVolume: 45, defaultRepeat: 'one' });
    expect(store.getSnapshot()).toMatchObject({ volume: 45, isMuted: false, isPlaying: false });
    expect(store.getSnapshot().queue.repeat).toBe('one');
  });

  it('plays, pauses and notifies subscribers', () => {
    const store = createPlayerStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.playTracks([track(1), track(2)], 1);
    expect(store.currentItem()?.track.id).toBe(2);
    expect(store.getSnapshot().isPlaying).toBe(true);
    store.togglePlay();
    expect(store.getSnapshot().isPlaying).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('previous restarts the track after 3 s and goes back before', () => {
    const store = createPlayerStore({ defaultRepeat: 'off' });
    const seeks = vi.fn();
    store.onCommand(seeks);
    store.playTracks([track(1), track(2)], 1);
    store.setPosition(12);
    store.previous();
    expect(store.currentItem()?.track.id).toBe(2);
    expect(seeks).toHaveBeenCalledWith({ type: 'seek', position: 0 });
    store.setPosition(1);
    store.previous();
    expect(store.currentItem()?.track.id).toBe(1);
  });

  it('repeat one replays the track when it ends, as a new play', () => {
    const store = createPlayerStore({ defaultRepeat: 'one' });
    store.playTracks([track(1), track(2)]);
    const { playId } = store.getSnapshot();
    store.handleEnded();
    expect(store.currentItem()?.track.id).toBe(1);
    expect(store.getSnapshot().playId).toBe(playId + 1);
  });

  it('stops after the last track with repeat off', () => {
    const store = createPlayerStore({ defaultRepeat: 'off' });
    store.playTracks([track(1)]);
    store.handleEnded();
    expect(store.getSnapshot().isPlaying).toBe(false);
    expect(store.getSnapshot().position).toBe(0);
  });

  it('skips to the next track on an error', () => {
    const store = createPlayerStore();
    store.playTracks([track(1), track(2)]);
    store.handleError();
    expect(store.currentItem()?.track.id).toBe(2);
    expect(store.getSnapshot().isPlaying).toBe(true);
  });

  it('clamps volume, remembers mute and seeks inside the track', () => {
    const store = createPlayerStore();
    store.setVolume(140);
    expect(store.getSnapshot().volume).toBe(100);
    store.toggleMute();
    expect(store.getSnapshot().isMuted).toBe(true);
    store.playTracks([track(1)]);
    store.setDuration(60);
    store.seek(90);
    expect(store.getSnapshot().position).toBe(60);
    store.seekBy(-100);
    expect(store.getSnapshot().position).toBe(0);
  });

  it('restores queue, position and volume from storage, paused', () => {
    const storage = memoryStorage();
    const first = createPlayerStore({ storage });
    first.playTracks([track(1), track(2), track(3)], 2);
    first.setVolume(70);
    first.toggleMute();
    first.setPosition(42);
    first.pause();
    const second = createPlayerStore({ storage, defaultVolume: 10 });
    expect(second.getSnapshot()).toMatchObject({ position: 42, volume: 70, isMuted: true, isPlaying: false });
    expect(second.currentItem()?.track.id).toBe(3);
    expect(second.getSnapshot().queue.items).toHaveLength(3);
  });

  it('ignores corrupt storage', () => {
    const storage = memoryStorage();
    storage.setItem(PLAYER_STORAGE_KEY, '{"queue":{"items":"nope"},"volume":"x"}');
    const store = createPlayerStore({ storage, defaultVolume: 25 });
    expect(store.getSnapshot()).toMatchObject({ volume: 25, position: 0 });
    expect(store.getSnapshot().queue.items).toEqual([]);
  });
});
