import type { TBootstrapData } from '@cadence/contracts/bootstrap';
import { apiClient } from '@cadence/http-client/http-client';
import { useQueryClient } from '@tanstack/react-query';
import { setBootstrapData } from '../bootstrap-store';
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
  // This session was logged out (in another tab, by "log out other sessions", a password change
  // or reset, or an admin): this tab
  // becomes a guest too, as after its own logout (spec 4).
  useRealtimeEvent('session.ended', () => {
    void apiClient
      .get<{ bootstrapData: TBootstrapData }>('bootstrap-data')
      .then(({ bootstrapData }) => {
        setBootstrapData(bootstrapData);
        queryClient.clear();
      })
      .catch(() => undefined);
  });
}
