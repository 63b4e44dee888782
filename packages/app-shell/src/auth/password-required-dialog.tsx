import { Button } from '@cadence/ui/button';
import { Dialog, DialogBody, DialogFooter, DialogHeader } from '@cadence/ui/dialog';
import { TextField } from '@cadence/ui/text-field';
import { type FormEvent, useState } from 'react';
import { useTrans } from '../use-trans';
import { useForm } from './use-form';

export interface PasswordRequiredDialogProps {
  title: string;
  message: string;
  submitLabel: string;
  /** Sends the password; a thrown error lands on the field or in a toast. */
  onSubmit: (password: string) => Promise<void>;
  onClose: () => void;
}

/** Spec 5 "Password-required dialog: password required". */
export function PasswordRequiredDialog({
  title,
  message,
  submitLabel,
  onSubmit,
  onClose,
}: PasswordRequiredDialogProps) {
  const { trans } = useTrans();
  const form = useForm({ password: '' }, { password: { isRequired: true } });
  const [isPending, setIsPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    setIsPending(true);
    try {
      await onSubmit(form.values.password);
    } catch (error) {
      form.onServerError(error);
    } finally {
      setIsPending(false);
    }
  };

  return (
    <Dialog isOpen onOpenChange={(isOpen) => !isOpen && onClose()} size="sm">
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <DialogHeader closeLabel={trans('Close')}>{title}</DialogHeader>
        <DialogBody>
          <p className="mb-4 text-sm text-muted">{message}</p>
          <TextField {...form.textField('password')} type="password" label={trans('Password')} autoFocus />
        </DialogBody>
        <DialogFooter>
          <Button variant="text" onPress={onClose}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" isPending={isPending} isDisabled={isPending}>
            {submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
