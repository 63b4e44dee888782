import { useQueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '../realtime/realtime-client';
import { useRealtimeConnection, useRealtimeEvent } from '../realtime/use-realtime';
import { setUnreadCount } from './notification-queries';

/** Mounted once per app (by the bell): the socket, and what its notification events change. */
export function useNotificationEvents() {
  const queryClient = useQueryClient();
  useRealtimeConnection();
  const refresh = (event: RealtimeEvent) => {
    if (typeof event.unreadCount === 'number') setUnreadCount(event.unreadCount);
    void queryClient.invalidateQueries({ queryKey: ['notifications', 'list'] });
  };
  useRealtimeEvent('notification.created', refresh);
  useRealtimeEvent('notifications.read', refresh);
  useRealtimeEvent('connected', refresh);
}
