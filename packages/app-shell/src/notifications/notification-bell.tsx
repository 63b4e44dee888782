import { lazy, Suspense, useRef, useState } from 'react';
import { icon } from '../icon';
import { useAuth } from '../use-auth';
import { useTrans } from '../use-trans';
import { useNotificationEvents } from './use-notification-events';

const loadPopover = () => import('./notification-popover');
const NotificationPopover = lazy(loadPopover);

/** Spec 2.5: the navbar bell with the unread badge; its popover lists the latest notifications. */
export function NotificationBell({ className }: { className?: string }) {
  const { trans } = useTrans();
  const { user } = useAuth();
  const [isOpen, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  useNotificationEvents();
  const count = user?.unread_notifications_count ?? 0;
  if (!user) return null;
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        data-testid="notification-bell"
        onPointerEnter={() => void loadPopover()}
        onFocus={() => void loadPopover()}
        onClick={() => setOpen((open) => !open)}
        className={`relative size-10 items-center justify-center rounded-full text-fg outline-none hover:bg-fg-base/5 focus-visible:ring-3 focus-visible:ring-focus ${className ?? 'flex'}`}
      >
        {icon('bell', { className: 'size-5' })}
        {/* Named by its content, so the visible count is part of the name (WCAG 2.5.3). */}
        <span className="sr-only">{trans('Notifications')}</span>
        {count > 0 && (
          <span
            data-testid="notification-badge"
            className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-danger px-1 text-[10px] font-semibold text-black"
          >
            {count > 99 ? '99+' : count}
            <span className="sr-only"> {trans('unread')}</span>
          </span>
        )}
      </button>
      {isOpen && (
        <Suspense fallback={null}>
          <NotificationPopover
            triggerRef={triggerRef}
            isOpen={isOpen}
            onClose={() => setOpen(false)}
            hasUnread={count > 0}
          />
        </Suspense>
      )}
    </>
  );
}
