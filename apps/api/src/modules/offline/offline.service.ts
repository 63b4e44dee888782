import type { TOfflineCollectionType, TOfflineManifest, TOfflineTrack } from '@cadence/contracts/offline';
import type { TTrack } from '@cadence/contracts/track';
import type { Actor } from '../../platform/auth/actor';
import type { createAlbumsService } from '../albums/albums.service';
import type { PlaylistsService } from '../playlists/playlists.service';

type AlbumsService = ReturnType<typeof createAlbumsService>;

/** A track the listener can keep: one the api streams (an uploaded file or a linked source). */
function offlineTrackOf(track: TTrack, fallbackImage: string | null): TOfflineTrack[] {
  if (!track.stream_url) return [];
  return [
    {
      id: track.id,
      name: track.name,
      duration: track.duration ?? null,
      stream_url: track.stream_url,
      image: track.image ?? track.album?.image ?? fallbackImage,
    },
  ];
}

/**
 * Issue 37: what the player stores for offline listening. The tracks come from the same reads as
 * the album and playlist pages, which already leave private tracks out and check that the
 * playlist is one the actor may open; the route's `music.download` gate is the only addition.
 */
export function createOfflineService(albums: AlbumsService, playlists: PlaylistsService) {
  async function manifest(actor: Actor, type: TOfflineCollectionType, id: number): Promise<TOfflineManifest> {
    if (type === 'album') {
      const album = await albums.show(id, { with: ['tracks'] });
      const image = album.image ?? null;
      return {
        type,
        id: album.id,
        name: album.name,
        image,
        tracks: (album.tracks ?? []).flatMap((track) => offlineTrackOf(track, image)),
      };
    }
    const playlist = await playlists.show(actor, id, { with: ['tracks'] });
    const tracks = (playlist.tracks ?? []).flatMap((track) => offlineTrackOf(track, null));
    return {
      type,
      id: playlist.id,
      name: playlist.name,
      image: playlist.image ?? tracks[0]?.image ?? null,
      tracks,
    };
  }

  return { manifest };
}
