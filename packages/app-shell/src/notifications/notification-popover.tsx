import { Button } from '@cadence/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { Dialog, Heading, Popover } from 'react-aria-components';
import { AppLink } from '../app-link';
import { useTrans } from '../use-trans';
import { EmptyNotifications } from './empty-notifications';
import { NotificationList } from './notification-list';
import { markAsRead, notificationsQuery, setUnreadCount } from './notification-queries';

/** The bell's popover (its own chunk: react-aria stays out of the first page load). */
export default function NotificationPopover({
  triggerRef,
  isOpen,
  onClose,
  hasUnread,
}: {
  triggerRef: RefObject<HTMLButtonElement | null>;
  isOpen: boolean;
  onClose: () => void;
  hasUnread: boolean;
}) {
  const { trans } = useTrans();
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      placement="bottom end"
      className="w-[min(400px,calc(100vw-16px))] rounded-panel bg-paper shadow-xl ring-1 ring-divider outline-none"
    >
      <Dialog aria-label={trans('Notifications')} className="outline-none" data-testid="notification-popover">
        <NotificationPopoverBody hasUnread={hasUnread} onClose={onClose} />
      </Dialog>
    </Popover>
  );
}

function NotificationPopoverBody({ hasUnread, onClose }: { hasUnread: boolean; onClose: () => void }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery(notificationsQuery());
  const items = data?.pagination.data.slice(0, 10) ?? [];
  const markAll = async () => {
    setUnreadCount((await markAsRead({ markAllAsUnread: true })).unreadCount);
    void queryClient.invalidateQueries({ queryKey: ['notifications', 'list'] });
  };
  return (
    <div className="flex max-h-[70vh] flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-divider px-4 py-3">
        <Heading slot="title" className="text-base font-semibold text-fg">
          {trans('Notifications')}
        </Heading>
        {hasUnread && (
          <Button size="xs" variant="text" onPress={() => void markAll()}>
            {trans('Mark all as read')}
          </Button>
        )}
      </div>
      <div className="overflow-y-auto">
        {isPending ? null : items.length === 0 ? (
          <EmptyNotifications />
        ) : (
          <NotificationList notifications={items} onNavigate={onClose} />
        )}
      </div>
      <AppLink
        href="/notifications"
        onClick={onClose}
        className="border-t border-divider px-4 py-2 text-center text-sm text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-focus"
      >
        {trans('View all')}
      </AppLink>
    </div>
  );
}
