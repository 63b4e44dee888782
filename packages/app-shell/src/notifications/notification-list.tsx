import type { TNotification } from '@cadence/contracts/notification';
import { Button } from '@cadence/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import type { MouseEvent, ReactNode } from 'react';
import '../workspaces/register-invite-actions';
import { formatRelativeTime } from '../account-settings/relative-time';
import { AppLink, useAppLink } from '../app-link';
import { useBootstrapData } from '../use-bootstrap-data';
import { useTrans } from '../use-trans';
import { type ButtonActionHandler, useButtonActions } from './notification-actions';
import { markAsRead, setUnreadCount } from './notification-queries';

/** A main action is a path of one of the apps or an absolute web address. */
const isAddress = (action: string) => action.startsWith('/') || /^https?:\/\//i.test(action);

/** A click that opens a new tab or window leaves this page in place. */
const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/** Spec 3 "Notification": image, lines, main action and buttons; unread until opened or marked. */
export function NotificationList({
  notifications,
  onNavigate,
}: {
  notifications: TNotification[];
  onNavigate?: () => void;
}) {
  const { trans } = useTrans();
  const { i18n } = useBootstrapData();
  const queryClient = useQueryClient();
  const runButton: ButtonActionHandler = useButtonActions();

  /** Spec 4: a notification is read once clicked; never fails the click that opens it. */
  const markRead = async (notification: TNotification) => {
    if (notification.read_at) return;
    try {
      const { unreadCount } = await markAsRead({ ids: [notification.id] });
      setUnreadCount(unreadCount);
    } catch {
      return;
    }
    void queryClient.invalidateQueries({ queryKey: ['notifications', 'list'] });
  };

  return (
    <ul className="flex flex-col divide-y divide-divider" data-testid="notification-list">
      {notifications.map((notification) => {
        const { data } = notification;
        const isUnread = !notification.read_at;
        const main = data.mainAction && isAddress(data.mainAction.action) ? data.mainAction : null;
        return (
          <li key={notification.id} className={clsx('flex gap-3 px-4 py-3', isUnread && 'bg-primary/5')}>
            {data.image ? (
              <img src={data.image} alt="" className="size-9 shrink-0 rounded-full object-cover" />
            ) : (
              <span aria-hidden className="size-9 shrink-0 rounded-full bg-fg-base/10" />
            )}
            <div className="min-w-0 flex-1 text-sm">
              {data.lines.map((line, index) => {
                const text = (
                  <span className={clsx(line.type === 'primary' ? 'font-semibold text-fg' : 'text-muted')}>
                    {line.content}
                  </span>
                );
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id and never reorder
                  <p key={index} className="break-words">
                    {index === 0 && main ? (
                      <MainActionLink
                        href={main.action}
                        onOpen={() => markRead(notification)}
                        onNavigate={onNavigate}
                      >
                        {text}
                      </MainActionLink>
                    ) : index === 0 && isUnread ? (
                      <button
                        type="button"
                        onClick={() => void markRead(notification)}
                        className="text-left outline-none hover:underline focus-visible:ring-2 focus-visible:ring-focus"
                      >
                        {text}
                      </button>
                    ) : (
                      text
                    )}
                  </p>
                );
              })}
              <p className="mt-1 text-xs text-muted">
                {formatRelativeTime(notification.created_at, i18n.language) ?? trans('a few seconds ago')}
                {isUnread && <span className="sr-only">, {trans('Unread')}</span>}
              </p>
              {data.buttonActions && data.buttonActions.length > 0 && (
                <div className="mt-2 flex gap-2">
                  {data.buttonActions.map((button, index) => (
                    <Button
                      key={button.action}
                      size="xs"
                      variant={index === 0 ? 'primary' : 'outline'}
                      onPress={() => void runButton(notification, button.action)}
                    >
                      {trans(button.label)}
                    </Button>
                  ))}
                </div>
              )}
            </div>
            {isUnread && <span aria-hidden className="mt-2 size-2 shrink-0 rounded-full bg-primary" />}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The notification's main action. Within this app the read mark goes out while the router moves;
 * a link to another app (or an absolute address) reloads the page, so the mark is sent first.
 */
function MainActionLink({
  href,
  onOpen,
  onNavigate,
  children,
}: {
  href: string;
  onOpen: () => Promise<void>;
  onNavigate?: () => void;
  children: ReactNode;
}) {
  const link = useAppLink(href);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (link.kind === 'route' || opensElsewhere(event)) {
      void onOpen();
      if (!opensElsewhere(event)) onNavigate?.();
      return;
    }
    event.preventDefault();
    void onOpen().finally(() => window.location.assign(link.href));
  };
  return (
    <AppLink
      href={href}
      onClick={onClick}
      className="outline-none hover:underline focus-visible:ring-2 focus-visible:ring-focus"
    >
      {children}
    </AppLink>
  );
}
