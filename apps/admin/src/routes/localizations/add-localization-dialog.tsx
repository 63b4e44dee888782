import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { FormTextField } from '@cadence/admin-kit/form-fields';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAdminLocalization } from '@cadence/contracts/localizations';
import { ZCreateLocalizationPayloadSchema } from '@cadence/contracts/localizations';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { Dialog, DialogBody, DialogFooter, DialogHeader } from '@cadence/ui/dialog';
import type { z } from 'zod';

type TForm = z.input<typeof ZCreateLocalizationPayloadSchema>;

/** "Add language": its name and code; its lines start untranslated. */
export function AddLocalizationDialog({ close }: { close: (id?: number) => void }) {
  const { trans } = useTrans();
  const adminForm = useAdminForm({
    schema: ZCreateLocalizationPayloadSchema,
    defaultValues: { name: '', language: '' },
    submit: (values) => apiClient.post<{ localization: TAdminLocalization }>('localizations', values),
    successMessage: trans('Language added'),
    onSuccess: (result) => close(result.localization.id),
  });
  return (
    <Dialog isOpen onOpenChange={(open) => !open && close()} size="md">
      <DialogHeader closeLabel={trans('Close')}>{trans('Add language')}</DialogHeader>
      <AdminForm adminForm={adminForm} guard={false}>
        <DialogBody className="flex flex-col gap-4">
          <FormTextField<TForm> name="name" label={trans('Name')} isRequired autoComplete="off" />
          <FormTextField<TForm>
            name="language"
            label={trans('Language code')}
            description={trans('Such as fr, de or pt-BR: what browsers and users pick the language by.')}
            isRequired
            autoComplete="off"
          />
        </DialogBody>
        <DialogFooter>
          <Button variant="text" onPress={() => close()}>
            {trans('Cancel')}
          </Button>
          <SubmitButton>{trans('Add')}</SubmitButton>
        </DialogFooter>
      </AdminForm>
    </Dialog>
  );
}
