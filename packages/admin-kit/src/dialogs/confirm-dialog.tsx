import { openDialog } from '@cadence/app-shell/modal-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import { Button } from '@cadence/ui/button';
import { Dialog, DialogBody, DialogFooter, DialogHeader } from '@cadence/ui/dialog';
import type { ReactNode } from 'react';

export type TConfirmOptions = {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  /** A destructive act: the confirm button is red. */
  isDanger?: boolean;
};

function ConfirmDialog({
  title,
  body,
  confirmLabel,
  isDanger,
  close,
}: TConfirmOptions & { close: (ok?: boolean) => void }) {
  const { trans } = useTrans();
  return (
    <Dialog
      isOpen
      size="sm"
      role="alertdialog"
      onOpenChange={(isOpen) => {
        if (!isOpen) close(false);
      }}
    >
      <DialogHeader closeLabel={trans('Close')}>{title}</DialogHeader>
      <DialogBody>
        <div className="text-sm">{body}</div>
      </DialogBody>
      <DialogFooter>
        <Button variant="text" onPress={() => close(false)}>
          {trans('Cancel')}
        </Button>
        <Button
          variant={isDanger ? 'danger' : 'primary'}
          autoFocus
          onPress={() => close(true)}
          data-testid="confirm"
        >
          {confirmLabel}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

/**
 * Asks before an act; resolves true only when the user confirms (Escape, the backdrop, the X
 * and Cancel all answer false). Callable from event handlers: no hook or provider needed
 * (the app shell's ModalHost draws it).
 */
export async function confirmAction(options: TConfirmOptions): Promise<boolean> {
  const answer = await openDialog<boolean>((close) => <ConfirmDialog {...options} close={close} />);
  return answer === true;
}
