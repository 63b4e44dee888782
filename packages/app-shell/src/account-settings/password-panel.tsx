import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { TextField } from '@cadence/ui/text-field';
import { type FormEvent, useState } from 'react';
import { PasswordFields } from '../auth/password-fields';
import { useForm } from '../auth/use-form';
import { toast } from '../toast-store';
import { useTrans } from '../use-trans';
import { SettingsPanel } from './settings-panel';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };
const RULES = {
  current_password: { isRequired: true },
  password: { isRequired: true },
  password_confirmation: { isRequired: true, sameAs: 'password' },
};

/** Spec 2.6 update password. */
export function PasswordPanel() {
  const { trans } = useTrans();
  const form = useForm(EMPTY, RULES);
  const [isPending, setIsPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    setIsPending(true);
    try {
      await apiClient.put('auth/user/password', form.values);
      for (const name of Object.keys(EMPTY) as (keyof typeof EMPTY)[]) form.setValue(name, '');
      toast.positive(trans('Password changed'));
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
        <Button type="submit" className="self-start" isPending={isPending} isDisabled={isPending}>
          {trans('Update password')}
        </Button>
      </form>
    </SettingsPanel>
  );
}
