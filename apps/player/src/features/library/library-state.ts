import { useAuth } from '@cadence/app-shell/use-auth';
import type { TLibraryStateResponse } from '@cadence/contracts/library-state';
import { apiClient } from '@cadence/http-client/http-client';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { createStateBatcher } from './state-batcher';

export type TStateKind = 'liked' | 'followed' | 'reposted';
export type TLikeableType = 'track' | 'album' | 'artist' | 'playlist';
export type TFollowableType = 'artist' | 'user';
export type TRepostableType = 'track' | 'album';

const batchers = {
  liked: createStateBatcher((type, ids) => fetchIds('liked', type, ids)),
  followed: createStateBatcher((type, ids) => fetchIds('followed', type, ids)),
  reposted: createStateBatcher((type, ids) => fetchIds('reposted', type, ids)),
};

async function fetchIds(kind: TStateKind, type: string, ids: number[]): Promise<number[]> {
  const response = await apiClient.get<TLibraryStateResponse>(`users/me/${kind}-ids`, {
    params: { type, ids: ids.join(',') },
  });
  return response.ids;
}

/** One entry per (user, kind, type, id), filled in batches: `GET users/me/liked-ids?type=&ids=`. */
export const libraryStateQuery = (userId: number, kind: TStateKind, type: string, id: number) =>
  queryOptions({
    queryKey: ['library-state', userId, kind, type, id],
    queryFn: () => batchers[kind](type, id),
    staleTime: 5 * 60_000,
    meta: { silentError: true },
  });

export function useLibraryState(kind: TStateKind, type: string, id: number | undefined): boolean {
  const { user } = useAuth();
  const userId = user?.id ?? 0;
  const { data } = useQuery({
    ...libraryStateQuery(userId, kind, type, id ?? 0),
    enabled: Boolean(user) && id !== undefined,
  });
  return data ?? false;
}

/** Optimistic write; returns the previous value for a rollback. */
export function setLibraryState(
  queryClient: QueryClient,
  userId: number,
  kind: TStateKind,
  type: string,
  id: number,
  value: boolean,
): boolean | undefined {
  const key = libraryStateQuery(userId, kind, type, id).queryKey;
  const previous = queryClient.getQueryData(key);
  queryClient.setQueryData(key, value);
  return previous;
}
