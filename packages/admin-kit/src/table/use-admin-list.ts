import type { TPagination } from '@cadence/contracts/pagination';
import { apiClient } from '@cadence/http-client/http-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type TListState, toApiQuery } from './list-params';

/** Every admin list query starts with this key: invalidate it (plus the endpoint) after a write. */
export const ADMIN_LIST_KEY = 'admin-list';

export function adminListKey(endpoint: string, state?: TListState): unknown[] {
  return state ? [ADMIN_LIST_KEY, endpoint, toApiQuery(state)] : [ADMIN_LIST_KEY, endpoint];
}

/**
 * One page of an admin list endpoint (`GET api/v1/{endpoint}`) for the URL state. The previous
 * page stays on screen while the next one loads (no flash of the loading state on paging).
 */
export function useAdminList<T>(endpoint: string, state: TListState) {
  return useQuery({
    queryKey: adminListKey(endpoint, state),
    queryFn: ({ signal }) => apiClient.get<TPagination<T>>(endpoint, { params: toApiQuery(state), signal }),
    placeholderData: keepPreviousData,
  });
}
