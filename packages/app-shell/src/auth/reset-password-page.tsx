import { PASSWORD_RESET_MESSAGE } from '@cadence/contracts/auth';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '../toast-store';
import { useTrans } from '../use-trans';
import { AuthForm, AuthSubmitButton, EmailField } from './auth-form';
import { AuthLayout } from './auth-layout';
import { authRequests } from './auth-requests';
import { PasswordFields } from './password-fields';
import { useCompleteSignIn } from './use-auth-redirect';
import { useForm } from './use-form';

const RULES = {
  email: { isRequired: true, isEmail: true },
  password: { isRequired: true },
  password_confirmation: { isRequired: true, sameAs: 'password' },
};

/** Spec 2.4 `/password/reset/{token}`. */
export function ResetPasswordPage() {
  const { trans } = useTrans();
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const form = useForm(
    { email: searchParams.get('email') ?? '', password: '', password_confirmation: '' },
    RULES,
  );
  const [isPending, setIsPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    setIsPending(true);
    try {
      const response = await authRequests.resetPassword({
        token,
        ...form.values,
        email: form.values.email.trim(),
      });
      toast.positive(trans(PASSWORD_RESET_MESSAGE));
      if (response.bootstrapData) completeSignIn(response.bootstrapData);
      else navigate('/login', { replace: true });
    } catch (error) {
      form.onServerError(error);
      setIsPending(false);
    }
  };

  return (
    <AuthLayout heading={trans('Reset your password')}>
      <AuthForm formRef={form.formRef} onSubmit={submit} testId="reset-password-form">
        <EmailField field={form.textField('email')} />
        <PasswordFields form={form} passwordLabel={trans('New password')} />
        <AuthSubmitButton isPending={isPending}>{trans('Reset password')}</AuthSubmitButton>
      </AuthForm>
    </AuthLayout>
  );
}
