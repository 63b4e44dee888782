// Player state for the catalogue's stories (player bar, queue): no audio element, only the store.
import { setPlayer } from '../playback/player-instance';
import { createPlayerStore } from '../playback/player-store';
import type { TPlayerTrack } from '../playback/player-track';

export const track = (id: number, name = `Song ${id}`, artist = `Artist ${id}`): TPlayerTrack => ({
  id,
  name,
  image: null,
  duration: 214_000,
  artists: [{ id: 100 + id, name: artist }],
  album: { id: 200 + id, name: `Album ${id}` },
});

type TPlayerSetup = {
  isPlaying?: boolean;
  isBuffering?: boolean;
  tracks?: TPlayerTrack[];
  position?: number;
};

/**
 * A fresh player store for the story (nothing remembered, no audio element: the bar only shows
 * the store's state), set up in the state the story names.
 */
export function player({ isPlaying = true, isBuffering = false, tracks, position = 67 }: TPlayerSetup = {}) {
  return () => {
    const store = createPlayerStore({ storage: null, defaultRepeat: 'off' });
    setPlayer(store);
    if (tracks) {
      store.playTracks(tracks);
      store.setDuration(214);
      store.setPosition(position);
      if (!isPlaying) store.togglePlay();
      store.setBuffering(isBuffering);
    }
    return () => setPlayer(null);
  };
}
