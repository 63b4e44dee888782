import { Button } from '@cadence/ui/button';
import { Dialog, DialogBody, DialogFooter, DialogHeader } from '@cadence/ui/dialog';
import { openDialog } from '../modal-store';
import { trans } from '../trans';

/** A yes/no question; resolves true only when the user confirms. */
export async function confirmAction(options: {
  title: string;
  body: string;
  confirmLabel: string;
}): Promise<boolean> {
  const answer = await openDialog<boolean>((close) => (
    <Dialog isOpen onOpenChange={(isOpen) => !isOpen && close(false)} size="sm" role="alertdialog">
      <DialogHeader closeLabel={trans('Close')}>{options.title}</DialogHeader>
      <DialogBody>
        <p className="text-sm">{options.body}</p>
      </DialogBody>
      <DialogFooter>
        <Button variant="text" onPress={() => close(false)}>
          {trans('Cancel')}
        </Button>
        <Button variant="danger" onPress={() => close(true)} autoFocus>
          {options.confirmLabel}
        </Button>
      </DialogFooter>
    </Dialog>
  ));
  return answer === true;
}
