import { useTrans } from '@cadence/app-shell/use-trans';
import { type RefObject, useEffect } from 'react';
import { useBlocker } from 'react-router';
import { confirmAction } from '../dialogs/confirm-dialog';

/**
 * While a form has unsaved edits, leaving the page asks first: in-app navigation through the
 * router's blocker, a reload or closing the tab through the browser's own prompt. A successful
 * save (`savedRef`) lets the navigation that follows it through.
 */
export function UnsavedChangesGuard({
  isDirty,
  savedRef,
}: {
  isDirty: boolean;
  savedRef?: RefObject<boolean>;
}) {
  const { trans } = useTrans();
  useEffect(() => {
    if (isDirty && savedRef) savedRef.current = false;
  }, [isDirty, savedRef]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !savedRef?.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let cancelled = false;
    void confirmAction({
      title: trans('Leave without saving?'),
      body: trans('Your changes on this page have not been saved.'),
      confirmLabel: trans('Leave'),
      isDanger: true,
    }).then((leave) => {
      if (cancelled) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      cancelled = true;
    };
  }, [blocker, trans]);

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (savedRef?.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty, savedRef]);

  return null;
}
