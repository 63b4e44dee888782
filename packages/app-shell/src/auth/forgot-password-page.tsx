import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../toast-store';
import { useTrans } from '../use-trans';
import { AuthForm, AuthSubmitButton, EmailField } from './auth-form';
import { AuthLayout } from './auth-layout';
import { authRequests } from './auth-requests';
import { useForm } from './use-form';

const RULES = { email: { isRequired: true, isEmail: true } };

/** Spec 2.4 `/forgot-password`: the server's message, then /login. */
export function ForgotPasswordPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const lockedEmail = searchParams.get('email');
  const form = useForm({ email: lockedEmail ?? '' }, RULES);
  const [isPending, setIsPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    setIsPending(true);
    try {
      const { message } = await authRequests.forgotPassword(form.values.email.trim());
      toast.positive(trans(message));
      navigate('/login');
    } catch (error) {
      form.onServerError(error);
      setIsPending(false);
    }
  };

  return (
    <AuthLayout
      heading={trans('Forgot your password?')}
      message={trans(
        'Enter your email address below and we will send you a link to reset or create your password.',
      )}
    >
      <AuthForm formRef={form.formRef} onSubmit={submit} testId="forgot-password-form">
        <EmailField field={form.textField('email')} isReadOnly={Boolean(lockedEmail)} />
        <AuthSubmitButton isPending={isPending}>{trans('Continue')}</AuthSubmitButton>
      </AuthForm>
      <p className="mt-8 text-center text-sm text-muted">
        <Link to="/login" className="text-primary hover:underline">
          {trans('Back to sign in')}
        </Link>
      </p>
    </AuthLayout>
  );
}
