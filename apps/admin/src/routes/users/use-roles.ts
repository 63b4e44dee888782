import type { TAdminRole } from '@cadence/contracts/admin-roles';
import type { TPagination } from '@cadence/contracts/pagination';
import { apiClient } from '@cadence/http-client/http-client';
import { useQuery } from '@tanstack/react-query';

/** Every role (a site has a handful): the users list's filter and the user's roles field. */
export function useAllRoles() {
  return useQuery({
    queryKey: ['admin-list', 'roles', 'all'],
    queryFn: () =>
      apiClient.get<TPagination<TAdminRole>>('roles', {
        params: { perPage: 100, orderBy: 'name', orderDir: 'asc' },
      }),
    select: (page) => page.pagination.data,
  });
}
