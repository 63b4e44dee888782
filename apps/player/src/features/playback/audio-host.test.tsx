import { describe, expect, it, vi } from 'vitest';
import { playerTrackFixture } from '../../test/player-track-fixture';
import { attachMediaSessionOnFirstTrack } from './audio-host';
import { createPlayerStore } from './player-store';

const track = (id: number) => playerTrackFixture(id);

describe('attachMediaSessionOnFirstTrack', () => {
  it('loads the Media Session once the clicked track is heard, not beside its first bytes', async () => {
    const store = createPlayerStore({ storage: null });
    const attachMediaSession = vi.fn(() => () => undefined);
    const load = vi.fn(async () => ({ attachMediaSession }) as unknown as typeof import('./media-session'));
    const detach = attachMediaSessionOnFirstTrack(store, load);
    expect(load).not.toHaveBeenCalled();
    store.playTracks([track(1), track(2)], 0);
    // Playing, no sound yet (position 0): the stream has the connection to itself.
    expect(load).not.toHaveBeenCalled();
    store.setPosition(0.25);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(attachMediaSession).toHaveBeenCalledWith(store));
    store.setPosition(0.5);
    expect(load).toHaveBeenCalledTimes(1);
    detach();
  });

  it('loads it at once for a queue that comes back paused', () => {
    const store = createPlayerStore({ storage: null });
    store.playTracks([track(1)], 0);
    store.pause();
    const load = vi.fn(
      async () =>
        ({ attachMediaSession: () => () => undefined }) as unknown as typeof import('./media-session'),
    );
    const detach = attachMediaSessionOnFirstTrack(store, load);
    expect(load).toHaveBeenCalledTimes(1);
    detach();
  });
});
