import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { useTrans } from '@cadence/app-shell/use-trans';
import { ZAdminUpdateUserPayloadSchema } from '@cadence/contracts/admin-users';
import { useController, useFormContext } from 'react-hook-form';
import { useOutletContext } from 'react-router';
import { z } from 'zod';
import { PermissionsEditor } from '../../components/permissions-editor';
import { type TAdminUser, useSaveUser } from './use-admin-user';

const ZPermissionsForm = z.object({ permissions: ZAdminUpdateUserPayloadSchema.shape.permissions.unwrap() });
type TForm = z.input<typeof ZPermissionsForm>;

/** Binds the catalogue editor to the form's `permissions`; errors arrive by path. */
export function GrantsField({ label }: { label: string }) {
  const { control, formState } = useFormContext<TForm>();
  const { field } = useController({ name: 'permissions', control });
  const errorAt = (path: string) => {
    let node: unknown = formState.errors;
    for (const key of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
    return (node as { message?: string } | undefined)?.message;
  };
  return (
    <div ref={(node) => field.ref(node ? { focus: () => node.querySelector('input')?.focus() } : null)}>
      <PermissionsEditor
        label={label}
        value={field.value ?? []}
        onChange={field.onChange}
        errorFor={errorAt}
      />
      {errorAt('permissions') && <p className="text-xs text-danger">{errorAt('permissions')}</p>}
    </div>
  );
}

/** Permissions tab: the user's own grants, on top of their roles'. */
export function UserPermissionsTab() {
  const { trans } = useTrans();
  const user = useOutletContext<TAdminUser>();
  const save = useSaveUser(String(user.id));
  const adminForm = useAdminForm({
    schema: ZPermissionsForm,
    defaultValues: { permissions: user.direct_permissions },
    submit: (values) => save(values),
    successMessage: trans('Permissions saved'),
  });
  return (
    <AdminForm adminForm={adminForm} className="flex max-w-3xl flex-col gap-4">
      <p className="text-sm text-muted">
        {trans('These permissions apply on top of the ones the user gets from their roles:')}{' '}
        {user.roles.map((role) => role.name).join(', ') || trans('none')}
      </p>
      <GrantsField label={trans('Direct permissions')} />
      <div>
        <SubmitButton />
      </div>
    </AdminForm>
  );
}
