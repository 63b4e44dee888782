import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { Checkbox } from '@cadence/ui/checkbox';
import { TextField } from '@cadence/ui/text-field';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PasswordFields } from '../auth/password-fields';
import { useForm } from '../auth/use-form';
import { toast } from '../toast-store';
import { useTrans } from '../use-trans';
import { accountKeys } from './account-queries';
import { SettingsPanel } from './settings-panel';

const PASSWORDS = { current_password: '', password: '', password_confirmation: '' };
// Every other device is signed out by the change; the API tokens too unless unticked.
const EMPTY = { ...PASSWORDS, revoke_tokens: true };
const RULES = {
  current_password: { isRequired: true },
  password: { isRequired: true },
  password_confirmation: { isRequired: true, sameAs: 'password' },
};

/** Spec 2.6 update password. */
export function PasswordPanel() {
  const { trans } = useTrans();
  const form = useForm(EMPTY, RULES);
  const queryClient = useQueryClient();
  const [isPending, setIsPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    setIsPending(true);
    try {
      await apiClient.put('auth/user/password', form.values);
      for (const name of Object.keys(PASSWORDS) as (keyof typeof PASSWORDS)[]) form.setValue(name, '');
      toast.positive(trans('Password changed'));
      // The sessions panel and the token list lost what the change ended.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
        queryClient.invalidateQueries({ queryKey: accountKeys.user }),
      ]);
    } catch (error) {
      form.onServerError(error);
    } finally {
      setIsPending(false);
    }
  };

  return (
    <SettingsPanel id="password" title={trans('Update password')}>
      <form ref={form.formRef} onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
        <TextField
          {...form.textField('current_password')}
          type="password"
          label={trans('Current password')}
          autoComplete="current-password"
        />
        <PasswordFields form={form} passwordLabel={trans('New password')} />
        <Checkbox {...form.checkbox('revoke_tokens')}>{trans('Also revoke my API access tokens')}</Checkbox>
        <Button type="submit" className="self-start" isPending={isPending} isDisabled={isPending}>
          {trans('Update password')}
        </Button>
      </form>
    </SettingsPanel>
  );
}
