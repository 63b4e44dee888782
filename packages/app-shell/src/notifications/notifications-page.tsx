import { Button } from '@cadence/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useAuth } from '../use-auth';
import { useSettings } from '../use-bootstrap-data';
import { useTrans } from '../use-trans';
import { EmptyNotifications } from './empty-notifications';
import { NotificationList } from './notification-list';
import { markAsRead, notificationsQuery, setUnreadCount } from './notification-queries';

export function subscriptionsIntegrated(settings: unknown): boolean {
  return Boolean((settings as { notif?: { subs?: { integrated?: boolean } } }).notif?.subs?.integrated);
}

/** Spec 2.7 /notifications: up to 30, "Mark all as read" when unread ones exist, a link to settings. */
export function NotificationsPage() {
  const { trans } = useTrans();
  const { user } = useAuth();
  const settings = useSettings();
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery(notificationsQuery());
  const items = data?.pagination.data ?? [];
  const hasUnread = (user?.unread_notifications_count ?? 0) > 0 || items.some((item) => !item.read_at);
  const markAll = async () => {
    setUnreadCount((await markAsRead({ markAllAsUnread: true })).unreadCount);
    void queryClient.invalidateQueries({ queryKey: ['notifications', 'list'] });
  };
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-fg">{trans('Notifications')}</h1>
        <div className="flex items-center gap-2">
          {hasUnread && (
            <Button size="sm" variant="outline" onPress={() => void markAll()}>
              {trans('Mark all as read')}
            </Button>
          )}
          {subscriptionsIntegrated(settings) && (
            <Link
              to="/notifications/settings"
              className="rounded-button px-3 py-1.5 text-sm text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-focus"
            >
              {trans('Notification settings')}
            </Link>
          )}
        </div>
      </div>
      <div className="rounded-panel bg-paper ring-1 ring-divider">
        {isError ? (
          <p className="p-6 text-sm text-danger">{trans('There was an issue. Please try again.')}</p>
        ) : isPending ? null : items.length === 0 ? (
          <EmptyNotifications />
        ) : (
          <NotificationList notifications={items} />
        )}
      </div>
    </main>
  );
}
