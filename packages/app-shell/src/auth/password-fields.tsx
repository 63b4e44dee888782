import { TextField } from '@cadence/ui/text-field';
import { useTrans } from '../use-trans';
import type { TTextFieldBinding } from './use-form';

interface TPasswordForm {
  textField: (name: 'password' | 'password_confirmation') => TTextFieldBinding;
}

export interface PasswordFieldsProps {
  form: TPasswordForm;
  /** Already translated: "Password" when registering, "New password" when changing it. */
  passwordLabel: string;
}

/** A new password and its confirmation, for the forms that set one. */
export function PasswordFields({ form, passwordLabel }: PasswordFieldsProps) {
  const { trans } = useTrans();
  return (
    <>
      <TextField
        {...form.textField('password')}
        type="password"
        label={passwordLabel}
        autoComplete="new-password"
      />
      <TextField
        {...form.textField('password_confirmation')}
        type="password"
        label={trans('Confirm password')}
        autoComplete="new-password"
      />
    </>
  );
}
