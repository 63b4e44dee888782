import type { TCreateAccessTokenResponse } from '@cadence/contracts/access-tokens';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { Dialog, DialogBody, DialogFooter, DialogHeader } from '@cadence/ui/dialog';
import { TextField } from '@cadence/ui/text-field';
import { type FormEvent, useEffect, useState } from 'react';
import { useForm } from '../auth/use-form';
import { toast } from '../toast-store';
import { useTrans } from '../use-trans';

/** Spec 9: copy feedback lasts one second. */
export const COPY_FEEDBACK_MS = 1000;

function CopyButton({ text }: { text: string }) {
  const { trans } = useTrans();
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);
  return (
    <Button
      variant="outline"
      onPress={async () => {
        await navigator.clipboard?.writeText(text);
        setIsCopied(true);
      }}
    >
      {isCopied ? trans('Copied!') : trans('Copy')}
    </Button>
  );
}

/** Spec 2.6 create-token modal; the plain token is shown once. */
export function CreateTokenDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const { trans } = useTrans();
  const form = useForm({ tokenName: '' }, { tokenName: { isRequired: true } });
  const [isPending, setIsPending] = useState(false);
  const [plainTextToken, setPlainTextToken] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    setIsPending(true);
    try {
      const response = await apiClient.post<TCreateAccessTokenResponse>('access-tokens', {
        tokenName: form.values.tokenName.trim(),
      });
      setPlainTextToken(response.plainTextToken);
      toast.positive(trans('Token create'));
      onCreated();
    } catch (error) {
      form.onServerError(error);
    } finally {
      setIsPending(false);
    }
  };

  return (
    <Dialog isOpen onOpenChange={(isOpen) => !isOpen && onClose()} size="md">
      <DialogHeader closeLabel={trans('Close')}>{trans('Create new token')}</DialogHeader>
      {plainTextToken ? (
        <>
          <DialogBody>
            <p className="mb-3 text-sm text-muted">
              {trans(
                'Make sure to store the token in a safe place. After this dialog is closed, token will not be viewable anymore.',
              )}
            </p>
            <div className="flex gap-2">
              <input
                readOnly
                value={plainTextToken}
                aria-label={trans('Token')}
                data-testid="plain-text-token"
                className="h-10 flex-auto rounded-input border border-divider bg-chip px-3 font-mono text-sm"
              />
              <CopyButton text={plainTextToken} />
            </div>
          </DialogBody>
          <DialogFooter>
            <Button onPress={onClose}>{trans('Done')}</Button>
          </DialogFooter>
        </>
      ) : (
        <form ref={form.formRef} onSubmit={submit} noValidate>
          <DialogBody>
            <TextField {...form.textField('tokenName')} label={trans('Token name')} autoFocus />
          </DialogBody>
          <DialogFooter>
            <Button variant="text" onPress={onClose}>
              {trans('Cancel')}
            </Button>
            <Button type="submit" isPending={isPending} isDisabled={isPending}>
              {trans('Create')}
            </Button>
          </DialogFooter>
        </form>
      )}
    </Dialog>
  );
}
