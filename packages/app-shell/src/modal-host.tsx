import { Fragment, useSyncExternalStore } from 'react';
import { getDialogs, subscribeDialogs } from './modal-store';

/** Spec 2.1 global modal host: renders the dialogs opened with `openDialog`. */
export function ModalHost() {
  const dialogs = useSyncExternalStore(subscribeDialogs, getDialogs, getDialogs);
  return (
    <>
      {dialogs.map((dialog) => (
        <Fragment key={dialog.key}>{dialog.element}</Fragment>
      ))}
    </>
  );
}
