import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { FormSelect } from '@cadence/admin-kit/form-fields';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { useTrans } from '@cadence/app-shell/use-trans';
import { ZAdminUpdateUserPayloadSchema } from '@cadence/contracts/admin-users';
import type { TValueListsResponse } from '@cadence/contracts/value-lists';
import { apiClient } from '@cadence/http-client/http-client';
import { Spinner } from '@cadence/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { useOutletContext } from 'react-router';
import type { z } from 'zod';
import { type TAdminUser, useSaveUser } from './use-admin-user';

const ZDateSchema = ZAdminUpdateUserPayloadSchema.pick({ language: true, country: true, timezone: true });
type TDate = z.input<typeof ZDateSchema>;

/** Date tab: the user's language, country and timezone. */
export function UserDateTab() {
  const { trans } = useTrans();
  const user = useOutletContext<TAdminUser>();
  const save = useSaveUser(String(user.id));
  const lists = useQuery({
    queryKey: ['value-lists', 'timezones,countries,localizations'],
    queryFn: () => apiClient.get<TValueListsResponse>('value-lists/timezones,countries,localizations'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const adminForm = useAdminForm({
    schema: ZDateSchema,
    defaultValues: { language: user.language, country: user.country, timezone: user.timezone },
    submit: (values) => save(values),
    successMessage: trans('User updated'),
  });
  if (lists.isPending) return <Spinner label={trans('Loading...')} />;
  const timezones = Object.values(lists.data?.timezones ?? {}).flatMap((group) =>
    group.map((zone) => ({ value: zone.value, label: zone.text })),
  );
  return (
    <AdminForm adminForm={adminForm} className="flex max-w-xl flex-col gap-4">
      <FormSelect<TDate>
        name="language"
        label={trans('Language')}
        emptyLabel={trans('Site default')}
        options={(lists.data?.localizations ?? []).map((item) => ({
          value: item.language,
          label: item.name,
        }))}
      />
      <FormSelect<TDate>
        name="country"
        label={trans('Country')}
        emptyLabel={trans('Not set')}
        options={(lists.data?.countries ?? []).map((item) => ({ value: item.code, label: item.name }))}
      />
      <FormSelect<TDate>
        name="timezone"
        label={trans('Timezone')}
        emptyLabel={trans('Site default')}
        options={timezones}
      />
      <div>
        <SubmitButton />
      </div>
    </AdminForm>
  );
}
