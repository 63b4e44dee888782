import { openDialog } from '@cadence/app-shell/modal-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import { Dialog, DialogBody, DialogHeader } from '@cadence/ui/dialog';
import type { ReactNode } from 'react';

function FormDialog({ title, close, children }: { title: string; close: () => void; children: ReactNode }) {
  const { trans } = useTrans();
  return (
    <Dialog isOpen size="md" onOpenChange={(isOpen) => !isOpen && close()}>
      <DialogHeader closeLabel={trans('Close')}>{title}</DialogHeader>
      <DialogBody>{children}</DialogBody>
    </Dialog>
  );
}

/** Opens a dialog around a form; the form calls `done` after saving. Resolves when it closes. */
export function openFormDialog(title: string, render: (done: () => void) => ReactNode): Promise<unknown> {
  return openDialog((close) => (
    <FormDialog title={title} close={() => close()}>
      {render(() => close())}
    </FormDialog>
  ));
}
