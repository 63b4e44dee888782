import type { TSmartCountResponse, TSmartRules } from '@cadence/contracts/smart-playlist';
import { apiClient } from '@cadence/http-client/http-client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

/** The editor's live count; the previous number stays while the next one loads. */
export const smartCountQuery = (rules: TSmartRules | null) =>
  queryOptions({
    queryKey: ['playlists', 'smart-count', rules],
    queryFn: ({ signal }) =>
      apiClient.post<TSmartCountResponse>('playlists/smart/count', { smart_rules: rules }, { signal }),
    enabled: rules !== null,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
