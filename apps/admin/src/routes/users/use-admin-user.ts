import type { TAdminUpdateUserPayload, TAdminUser, TAdminUserResponse } from '@cadence/contracts/admin-users';
import { apiClient } from '@cadence/http-client/http-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';

export const adminUserKey = (id: string | number) => ['admin-user', String(id)];

export function useAdminUser() {
  const { userId = '' } = useParams();
  const query = useQuery({
    queryKey: adminUserKey(userId),
    queryFn: () => apiClient.get<TAdminUserResponse>(`users/${userId}/admin`),
    select: (response) => response.user,
  });
  return { userId, ...query };
}

/** Saves through `PUT users/{id}` and refreshes the page and the users list. */
export function useSaveUser(userId: string) {
  const queryClient = useQueryClient();
  return async (payload: Partial<TAdminUpdateUserPayload> & Record<string, unknown>) => {
    const result = await apiClient.put(`users/${userId}`, payload);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: adminUserKey(userId) }),
      queryClient.invalidateQueries({ queryKey: ['admin-list', 'users'] }),
    ]);
    return result;
  };
}

export function useRefreshUser(userId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminUserKey(userId) });
}

export type { TAdminUser };
