import type { QueryClient } from '@tanstack/react-query';
import { getPlayer } from '../playback/player-instance';
import { albumQuery, artistQuery, playlistQuery } from './catalogue-queries';
import { toPlayerTrack } from './to-player-track';

async function artistTracks(queryClient: QueryClient, id: number) {
  const { artist } = await queryClient.fetchQuery(artistQuery(id));
  return (artist.top_tracks ?? []).map((track) => toPlayerTrack(track));
}

/** Loads an album, playlist or artist's tracks (from cache when fresh) and plays them from the top. */
export async function playCollection(
  queryClient: QueryClient,
  type: 'album' | 'playlist' | 'artist',
  id: number,
  isShuffled = false,
) {
  const tracks =
    type === 'artist'
      ? await artistTracks(queryClient, id)
      : type === 'album'
        ? await queryClient
            .fetchQuery(albumQuery(id))
            .then(({ album }) =>
              (album.tracks ?? []).map((track) =>
                toPlayerTrack(track, { album: { id: album.id, name: album.name, image: album.image } }),
              ),
            )
        : await queryClient
            .fetchQuery(playlistQuery(id))
            .then(({ playlist }) => (playlist.tracks ?? []).map((track) => toPlayerTrack(track)));
  const player = getPlayer();
  // An unchanged mode would still notify every view and save the queue before the play.
  if (player.getSnapshot().queue.isShuffled !== isShuffled) player.setShuffle(isShuffled);
  player.playTracks(tracks, 0);
}
