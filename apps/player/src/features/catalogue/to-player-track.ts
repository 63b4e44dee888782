import type { TReplayGain } from '../playback/listening-quality';
import type { TPlayerTrack } from '../playback/player-track';

type TRef = { id: number; name: string };

/** Any track shape the api returns (full, search card, channel item, radio, history). */
export interface TTrackLike {
  id: number;
  name: string;
  image?: string | null;
  duration?: number | null;
  artists?: TRef[];
  album?: (TRef & { image?: string | null }) | null;
  stream_url?: string | null;
  src?: string | null;
  number?: number | null;
  replay_gain?: TReplayGain | null;
}

export function toPlayerTrack(
  track: TTrackLike,
  fallback: { album?: TPlayerTrack['album']; image?: string | null } = {},
): TPlayerTrack {
  const album = track.album ?? fallback.album ?? null;
  return {
    id: track.id,
    name: track.name,
    image: track.image ?? fallback.image ?? null,
    duration: track.duration ?? null,
    artists: (track.artists ?? []).map(({ id, name }) => ({ id, name })),
    album: album ? { id: album.id, name: album.name, image: album.image ?? null } : null,
    stream_url: track.stream_url ?? null,
    src: track.src ?? null,
    number: track.number ?? null,
    replay_gain: track.replay_gain ?? null,
  };
}
