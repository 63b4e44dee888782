import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { FormCheckbox, FormTextField } from '@cadence/admin-kit/form-fields';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { useTrans } from '@cadence/app-shell/use-trans';
import { type TAdminUserResponse, ZCreateUserPayloadSchema } from '@cadence/contracts/admin-users';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { Dialog, DialogBody, DialogFooter, DialogHeader } from '@cadence/ui/dialog';
import type { z } from 'zod';

type TForm = z.input<typeof ZCreateUserPayloadSchema>;

/** "Add user": email, password, name, verified; the default role is given by the api. */
export function CreateUserDialog({ close }: { close: (userId?: number) => void }) {
  const { trans } = useTrans();
  const adminForm = useAdminForm({
    schema: ZCreateUserPayloadSchema,
    defaultValues: { email: '', password: '', name: '', email_verified: true },
    submit: (values) => apiClient.post<TAdminUserResponse>('users', values),
    successMessage: trans('User created'),
    onSuccess: (result) => close(result.user.id),
  });
  return (
    <Dialog isOpen onOpenChange={(open) => !open && close()} size="md">
      <DialogHeader closeLabel={trans('Close')}>{trans('Add user')}</DialogHeader>
      <AdminForm adminForm={adminForm} guard={false}>
        <DialogBody className="flex flex-col gap-4">
          <FormTextField<TForm>
            name="email"
            label={trans('Email')}
            type="email"
            isRequired
            autoComplete="off"
          />
          <FormTextField<TForm>
            name="password"
            label={trans('Password')}
            type="password"
            isRequired
            autoComplete="new-password"
          />
          <FormTextField<TForm> name="name" label={trans('Name')} />
          <FormCheckbox<TForm> name="email_verified" label={trans('Email verified')} />
        </DialogBody>
        <DialogFooter>
          <Button variant="text" onPress={() => close()}>
            {trans('Cancel')}
          </Button>
          <SubmitButton>{trans('Create')}</SubmitButton>
        </DialogFooter>
      </AdminForm>
    </Dialog>
  );
}
