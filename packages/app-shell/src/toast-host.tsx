import { ToastView, ToastViewport } from '@cadence/ui/toast';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { dismissToast, getToast, subscribeToast } from './toast-store';
import { useTrans } from './use-trans';

/** Spec 9: Alt+T moves focus to the toast region. */
export function isToastHotkey(event: KeyboardEvent): boolean {
  return event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyT';
}

/** Spec 2.1: the toast container at bottom-center, showing the one current toast. */
export function ToastHost() {
  const { trans } = useTrans();
  const current = useSyncExternalStore(subscribeToast, getToast, getToast);
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isToastHotkey(event)) return;
      event.preventDefault();
      const target = regionRef.current?.querySelector<HTMLElement>('button') ?? regionRef.current;
      target?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section
      ref={regionRef}
      tabIndex={-1}
      aria-label={trans('Notifications (Alt+T)')}
      data-testid="toast-host"
    >
      <ToastViewport>
        {current && (
          <ToastView
            key={current.id}
            type={current.type}
            message={current.message}
            action={current.action}
            onClose={current.type === 'loading' ? undefined : () => dismissToast(current.id)}
            closeLabel={trans('Close')}
          />
        )}
      </ToastViewport>
    </section>
  );
}
