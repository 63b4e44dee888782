import type { TAccountUser } from '@cadence/contracts/account';
import type { TUser } from '@cadence/contracts/user';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { TextField } from '@cadence/ui/text-field';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useForm } from '../auth/use-form';
import { toast } from '../toast-store';
import { useTrans } from '../use-trans';
import { accountKeys, syncBootstrapUser } from './account-queries';
import { AvatarField } from './avatar-field';
import { SettingsPanel } from './settings-panel';

/** Spec 2.6 account details: name, first and last name, profile image. */
export function AccountDetailsPanel({ user }: { user: TAccountUser }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const form = useForm({
    name: user.name ?? '',
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
  });
  const [isPending, setIsPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsPending(true);
    try {
      const { user: saved } = await apiClient.put<{ user: TUser }>(`users/${user.id}`, form.values);
      syncBootstrapUser(saved);
      await queryClient.invalidateQueries({ queryKey: accountKeys.user });
      toast.positive(trans('Updated account details'));
    } catch (error) {
      form.onServerError(error);
    } finally {
      setIsPending(false);
    }
  };

  return (
    <SettingsPanel id="account-details" title={trans('Update name and profile image')}>
      <form
        ref={form.formRef}
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-6 md:flex-row-reverse"
      >
        <AvatarField user={user} />
        <div className="flex flex-auto flex-col gap-4">
          <TextField {...form.textField('name')} label={trans('Name')} autoComplete="name" />
          <TextField
            {...form.textField('first_name')}
            label={trans('First name')}
            autoComplete="given-name"
          />
          <TextField {...form.textField('last_name')} label={trans('Last name')} autoComplete="family-name" />
          <Button type="submit" className="self-start" isPending={isPending} isDisabled={isPending}>
            {trans('Save')}
          </Button>
        </div>
      </form>
    </SettingsPanel>
  );
}
