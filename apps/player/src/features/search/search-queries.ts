import { pageRequests } from '@cadence/contracts/page-requests';
import type { TSearchResponse, TSearchType, TSuggestionsResponse } from '@cadence/contracts/search';
import { apiClient } from '@cadence/http-client/http-client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

export const suggestionsQuery = (query: string) =>
  queryOptions({
    queryKey: ['search', 'suggestions', query],
    queryFn: ({ signal }) =>
      apiClient.get<TSuggestionsResponse>('search/suggestions', {
        params: { query, limit: 8 },
        signal,
      }),
    enabled: query.trim().length > 0,
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });

export const searchQuery = (query: string, types: TSearchType[] = [], perPage = 10) =>
  queryOptions({
    queryKey: ['search', query, types.join(','), perPage],
    queryFn: ({ signal }) =>
      apiClient.get<TSearchResponse>('search', {
        params: { query, types: types.join(',') || undefined, perPage },
        signal,
      }),
    enabled: query.trim().length > 0,
  });

/**
 * The search page's "All" tab (also started by the route's loader): every type, 10 of each,
 * the request contracts' page-requests.ts names for the api to inline.
 */
export const searchAllQuery = (query: string) =>
  searchQuery(query, [], Number(pageRequests.searchAll(query).params.perPage));
