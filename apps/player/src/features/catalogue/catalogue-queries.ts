import type { TAlbumResponse } from '@cadence/contracts/album';
import type { TArtistResponse } from '@cadence/contracts/artist';
import type { TChannelResponse } from '@cadence/contracts/channel';
import type { TFollowUser } from '@cadence/contracts/library';
import { pageRequests, type TPageRequest } from '@cadence/contracts/page-requests';
import type { TPlaylistResponse } from '@cadence/contracts/playlist';
import type { TProfileResponse } from '@cadence/contracts/profile';
import type { TRadioResponse, TSimilarArtistsResponse } from '@cadence/contracts/radio';
import type { TTrackResponse } from '@cadence/contracts/track';
import { apiClient } from '@cadence/http-client/http-client';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { pagedListQuery } from './infinite-list';

/** A page's first GET as contracts' page-requests.ts defines it (the api may inline its answer). */
const getPage = <T>(
  { path, params }: TPageRequest,
  signal: AbortSignal,
  extra: Record<string, string | undefined> = {},
) => apiClient.get<T>(path, { params: { ...params, ...extra }, signal });

/** A channel page by page: the first page brings the channel, later ones more of its content. */
export const channelPagesQuery = (slugOrId: string, restriction?: string) =>
  infiniteQueryOptions({
    queryKey: ['channel', slugOrId, { restriction }, 'pages'],
    queryFn: ({ pageParam, signal }) =>
      getPage<TChannelResponse>(pageRequests.channel(slugOrId, pageParam), signal, { restriction }),
    initialPageParam: 1,
    getNextPageParam: ({ channel }) =>
      channel.content.current_page < channel.content.last_page ? channel.content.current_page + 1 : undefined,
  });

export const artistQuery = (id: number) =>
  queryOptions({
    queryKey: ['artists', id],
    queryFn: ({ signal }) => getPage<TArtistResponse>(pageRequests.artist(id), signal),
  });

export const albumQuery = (id: number) =>
  queryOptions({
    queryKey: ['albums', id],
    queryFn: ({ signal }) => getPage<TAlbumResponse>(pageRequests.album(id), signal),
    // Offline the service worker may answer from a download (issue 37): ask anyway.
    networkMode: 'offlineFirst',
  });

export const trackQuery = (id: number) =>
  queryOptions({
    queryKey: ['tracks', id],
    queryFn: ({ signal }) => getPage<TTrackResponse>(pageRequests.track(id), signal),
  });

export const playlistQuery = (id: number) =>
  queryOptions({
    queryKey: ['playlists', id],
    queryFn: ({ signal }) => getPage<TPlaylistResponse>(pageRequests.playlist(id), signal),
    networkMode: 'offlineFirst',
  });

export const profileQuery = (id: number) =>
  queryOptions({
    queryKey: ['users', id, 'profile'],
    queryFn: ({ signal }) => apiClient.get<TProfileResponse>(`users/${id}/profile`, { signal }),
  });

export const radioQuery = (seedType: string, seedId: string) =>
  queryOptions({
    queryKey: ['radio', seedType, seedId],
    queryFn: ({ signal }) =>
      apiClient.get<TRadioResponse>(`radio/${seedType}/${encodeURIComponent(seedId)}`, { signal }),
    staleTime: 0,
  });

export const similarArtistsQuery = (id: number) =>
  queryOptions({
    queryKey: ['artists', id, 'similar'],
    queryFn: ({ signal }) => apiClient.get<TSimilarArtistsResponse>(`artists/${id}/similar`, { signal }),
  });

/** Keyed under ['followers', type, id] so following and unfollowing refresh it. */
export const followersQuery = (type: 'artist' | 'user', id: number) =>
  pagedListQuery<TFollowUser>(['followers', type, id], `${type}s/${id}/followers`, {}, 24);
