import type { THistoryItem } from '@cadence/contracts/play';
import { pagedListQuery } from '../catalogue/infinite-list';
import type { TTrackLike } from '../catalogue/to-player-track';

export interface TLibraryCard {
  id: number;
  name: string;
  image?: string | null;
  image_small?: string | null;
  artists?: { id: number; name: string }[];
  owner?: { id: number; name: string } | null;
}

/** Keys start with ['library', type] so a like of that type refreshes the list. */
const libraryList = <T>(segment: string, type: string) =>
  pagedListQuery<T>(['library', type, segment], `users/me/${segment}`);

export const likedTracksQuery = () => libraryList<TTrackLike>('liked-tracks', 'track');
export const likedAlbumsQuery = () => libraryList<TLibraryCard>('liked-albums', 'album');
export const likedArtistsQuery = () => libraryList<TLibraryCard>('liked-artists', 'artist');
export const libraryPlaylistsQuery = () => libraryList<TLibraryCard>('playlists', 'playlist');
export const historyQuery = () => libraryList<THistoryItem>('history', 'history');
