import type {
  TNotification,
  TNotificationSubscriptions,
  TUpdateSubscriptions,
} from '@cadence/contracts/notification';
import type { TPagination } from '@cadence/contracts/pagination';
import { apiClient } from '@cadence/http-client/http-client';
import { queryOptions } from '@tanstack/react-query';
import { getBootstrapData, setBootstrapData } from '../bootstrap-store';

export const notificationsQuery = () =>
  queryOptions({
    queryKey: ['notifications', 'list'],
    queryFn: ({ signal }) => apiClient.get<TPagination<TNotification>>('notifications', { signal }),
  });

/** Spec 7: "cached without expiry". */
export const subscriptionsQuery = () =>
  queryOptions({
    queryKey: ['notifications', 'subscriptions'],
    queryFn: ({ signal }) =>
      apiClient.get<TNotificationSubscriptions>('notifications/me/subscriptions', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function markAsRead(body: { ids: string[] } | { markAllAsUnread: true }) {
  return apiClient.post<{ unreadCount: number }>('notifications/mark-as-read', body);
}

export function updateSubscriptions(body: TUpdateSubscriptions) {
  return apiClient.put<{ message: string }>('notifications/me/subscriptions', body);
}

/** The badge reads the bootstrap user's count: every tab keeps it current from the socket and answers. */
export function setUnreadCount(count: number) {
  const data = getBootstrapData();
  if (!data.user || data.user.unread_notifications_count === count) return;
  setBootstrapData({ ...data, user: { ...data.user, unread_notifications_count: count } });
}
