import type { TPlayerTrack } from '../features/playback/player-track';

/** A queue entry with nothing but an id and a length: what the playback tests need of a track. */
export const playerTrackFixture = (id: number, duration = 1000): TPlayerTrack => ({
  id,
  name: `T${id}`,
  image: null,
  duration,
  artists: [],
  album: null,
});
