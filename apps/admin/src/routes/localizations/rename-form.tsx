import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { FormTextField } from '@cadence/admin-kit/form-fields';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { useTrans } from '@cadence/app-shell/use-trans';
import { type TAdminLocalization, ZUpdateLocalizationPayloadSchema } from '@cadence/contracts/localizations';
import { apiClient } from '@cadence/http-client/http-client';
import { useQueryClient } from '@tanstack/react-query';

/** The language's name as people pick it (its code stays: users' choices refer to it). */
export function RenameForm({ localization }: { localization: TAdminLocalization }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const adminForm = useAdminForm({
    schema: ZUpdateLocalizationPayloadSchema,
    defaultValues: { name: localization.name },
    submit: (values) => apiClient.put(`localizations/${localization.id}`, values),
    successMessage: trans('Language renamed'),
    onSuccess: () =>
      void queryClient.invalidateQueries({
        queryKey: ['admin', 'localizations', String(localization.id), 'info'],
      }),
  });
  return (
    <AdminForm adminForm={adminForm} guard={false} className="flex flex-wrap items-end gap-3">
      <FormTextField<{ name: string }>
        name="name"
        label={trans('Language name')}
        className="min-w-60 flex-1"
      />
      <SubmitButton>{trans('Rename')}</SubmitButton>
    </AdminForm>
  );
}
