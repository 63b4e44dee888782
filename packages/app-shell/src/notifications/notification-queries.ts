import type {
  TNotification,
  TNotificationSubscriptions,
  TUpdateSubscriptions,
} from '@cadence/contracts/notification';
import { NOTIFICATIONS_PAGE_SIZE } from '@cadence/contracts/notification-constants';
import type { TPagination } from '@cadence/contracts/pagination';
import { apiClient } from '@cadence/http-client/http-client';
import { queryOptions } from '@tanstack/react-query';
import { getBootstrapData, setBootstrapData } from '../bootstrap-store';

/** Spec 7: `GET notifications` with the page size of 30 (the page and the popover alike). */
export const notificationsQuery = () =>
  queryOptions({
    queryKey: ['notifications', 'list'],
    queryFn: ({ signal }) =>
      apiClient.get<TPagination<TNotification>>('notifications', {
        signal,
        params: { perPage: NOTIFICATIONS_PAGE_SIZE },
      }),
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
