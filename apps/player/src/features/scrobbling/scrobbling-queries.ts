import type {
  TListenBrainzConnect,
  TScrobbleConnectionsResponse,
  TScrobbleService,
} from '@cadence/contracts/scrobbling';
import { apiClient } from '@cadence/http-client/http-client';
import { queryOptions } from '@tanstack/react-query';

export const scrobblingKeys = { connections: ['account', 'scrobbling'] as const };

/** Account settings' "Connected services", and whether the player reports listens at all. */
export function scrobbleConnectionsQueryOptions() {
  return queryOptions({
    queryKey: scrobblingKeys.connections,
    queryFn: ({ signal }) =>
      apiClient
        .get<TScrobbleConnectionsResponse>('account/scrobbling', { signal })
        .then((body) => body.services),
  });
}

export const scrobblingActions = {
  connectListenBrainz: (payload: TListenBrainzConnect) =>
    apiClient.put<TScrobbleConnectionsResponse>('account/scrobbling/listenbrainz', payload),
  startLastfm: () => apiClient.post<{ url: string }>('account/scrobbling/lastfm/connect'),
  disconnect: (service: TScrobbleService) =>
    apiClient.delete<TScrobbleConnectionsResponse>(`account/scrobbling/${service}`),
  nowPlaying: (trackId: number) => apiClient.post(`tracks/${trackId}/now-playing`),
  scrobble: (trackId: number, listenedMs: number) =>
    apiClient.post(`tracks/${trackId}/scrobble`, { listened_ms: listenedMs }),
};
