import type { TPlaySource } from '@cadence/contracts/play';
import { trackStreamPath } from '@cadence/contracts/stream-url';
import { apiUrl } from '@cadence/http-client/api-base-url';
import type { TReplayGain } from './listening-quality';

/** What the player needs of a track; every catalogue list (search, channel, album, radio) maps to it. */
export interface TPlayerTrack {
  id: number;
  name: string;
  image: string | null;
  /** Milliseconds, or null while unknown. */
  duration: number | null;
  artists: { id: number; name: string }[];
  album: { id: number; name: string; image?: string | null } | null;
  /** The track's number on its album: consecutive numbers of one album play gapless. */
  number?: number | null;
  /** Where the audio comes from when the api says so (external `src` or its own stream URL). */
  stream_url?: string | null;
  src?: string | null;
  /** ReplayGain 2.0 values for loudness levelling (null until the api measured the track). */
  replay_gain?: TReplayGain | null;
}

/** A queue entry: the same track may be queued twice, so entries have their own key. */
export interface TQueueItem {
  key: string;
  track: TPlayerTrack;
  /** Where the listener queued it (album page, playlist, search...): the play's insights source. */
  source?: TPlaySource;
}

export type TRepeatMode = 'off' | 'all' | 'one';

export function trackStreamUrl(track: Pick<TPlayerTrack, 'id' | 'stream_url' | 'src'>): string {
  return track.stream_url || track.src || apiUrl(trackStreamPath(track.id));
}

export function trackArtwork(track: TPlayerTrack): string | null {
  return track.image ?? track.album?.image ?? null;
}
