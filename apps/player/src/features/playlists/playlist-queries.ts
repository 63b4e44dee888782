import { getBootstrapData } from '@cadence/app-shell/bootstrap-store';
import type { TPagination } from '@cadence/contracts/pagination';
import type { TPlaylist, TPlaylistCreate, TPlaylistResponse } from '@cadence/contracts/playlist';
import { apiClient } from '@cadence/http-client/http-client';
import { queryOptions } from '@tanstack/react-query';

/** The signed-in user's own playlists (sidebar, add to playlist dialog, /library/playlists). */
export const myPlaylistsQuery = () =>
  queryOptions({
    queryKey: ['library', 'playlist', 'mine'],
    queryFn: ({ signal }) =>
      apiClient.get<TPagination<TPlaylist>>('users/me/playlists', { params: { perPage: 100 }, signal }),
    enabled: getBootstrapData().user !== null,
  });

export function createPlaylist(payload: TPlaylistCreate) {
  return apiClient.post<TPlaylistResponse>('playlists', payload);
}

export function addTracksToPlaylist(playlistId: number, trackIds: number[]) {
  return apiClient.post(`playlists/${playlistId}/tracks`, { track_ids: trackIds });
}

export function updatePlaylist(id: number, payload: Partial<TPlaylistCreate>) {
  return apiClient.put<TPlaylistResponse>(`playlists/${id}`, payload);
}

export function deletePlaylist(id: number) {
  return apiClient.delete(`playlists/${id}`);
}

/** The whole new order: every track id of the playlist once. */
export function reorderPlaylist(id: number, trackIds: number[]) {
  return apiClient.put(`playlists/${id}/tracks/order`, { track_ids: trackIds });
}

export function removeTracksFromPlaylist(id: number, trackIds: number[]) {
  return apiClient.delete(`playlists/${id}/tracks`, { body: { track_ids: trackIds } });
}

export function addCollaborator(id: number, userId: number) {
  return apiClient.post(`playlists/${id}/collaborators`, { user_id: userId });
}

export function removeCollaborator(id: number, userId: number) {
  return apiClient.delete(`playlists/${id}/collaborators/${userId}`);
}
