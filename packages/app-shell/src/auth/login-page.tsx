import { Checkbox } from '@cadence/ui/checkbox';
import { TextField } from '@cadence/ui/text-field';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSettings } from '../use-bootstrap-data';
import { useTrans } from '../use-trans';
import { joinInvite, workspaceInviteId } from '../workspaces/invite-actions';
import { AuthForm, AuthSubmitButton, EmailField } from './auth-form';
import { AuthLayout } from './auth-layout';
import { authRequests } from './auth-requests';
import { SocialLoginButtons } from './social-login-buttons';
import { TwoFactorChallengeForm } from './two-factor-challenge-form';
import { useCompleteSignIn } from './use-auth-redirect';
import { useForm } from './use-form';

const LOGIN_RULES = { email: { isRequired: true, isEmail: true }, password: { isRequired: true } };

/** Spec 2.4: demo sites prefill credentials unless an email was passed in the address. */
export function initialLoginValues(
  settings: { site: { demo: boolean }; demo?: { email: string; password: string } },
  emailParam: string | null,
) {
  if (emailParam) return { email: emailParam, password: '', remember: true };
  if (settings.site.demo && settings.demo) {
    return { email: settings.demo.email, password: settings.demo.password, remember: true };
  }
  return { email: '', password: '', remember: true };
}

export interface LoginPageProps {
  isWorkspaceJoin?: boolean;
}

/** Spec 2.4 `/login` and `/workspace/join/login`. */
export function LoginPage({ isWorkspaceJoin = false }: LoginPageProps) {
  const { trans } = useTrans();
  const settings = useSettings();
  const [searchParams] = useSearchParams();
  const completeSignIn = useCompleteSignIn();
  const form = useForm(initialLoginValues(settings, searchParams.get('email')), LOGIN_RULES);
  const [isPending, setIsPending] = useState(false);
  const [needsTwoFactor, setNeedsTwoFactor] = useState(false);

  const heading = isWorkspaceJoin
    ? trans('To join your team on :siteName, login to your account', {
        siteName: settings.branding.site_name,
      })
    : trans('Sign in to your account');

  if (needsTwoFactor) {
    return (
      <AuthLayout heading={trans('Two factor authentication')}>
        <TwoFactorChallengeForm />
      </AuthLayout>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    setIsPending(true);
    try {
      const { email, password, remember } = form.values;
      const response = await authRequests.login({ email: email.trim(), password, remember });
      if ('two_factor' in response) {
        setNeedsTwoFactor(true);
        setIsPending(false);
        return;
      }
      const inviteId = workspaceInviteId(searchParams, isWorkspaceJoin);
      if (inviteId) await joinInvite(inviteId);
      completeSignIn(response.bootstrapData);
    } catch (error) {
      form.onServerError(error);
      setIsPending(false);
    }
  };

  const registerLink = isWorkspaceJoin ? `/workspace/join/register?${searchParams.toString()}` : '/register';
  return (
    <AuthLayout heading={heading}>
      <AuthForm formRef={form.formRef} onSubmit={submit} testId="login-form">
        <EmailField field={form.textField('email')} />
        <TextField
          {...form.textField('password')}
          type="password"
          label={trans('Password')}
          autoComplete="current-password"
        />
        <div className="-mt-2 flex justify-end">
          <Link to="/forgot-password" className="text-sm text-primary hover:underline">
            {trans('Forgot your password?')}
          </Link>
        </div>
        <Checkbox {...form.checkbox('remember')}>{trans('Stay signed in for a month')}</Checkbox>
        <AuthSubmitButton isPending={isPending}>{trans('Continue')}</AuthSubmitButton>
      </AuthForm>
      <SocialLoginButtons />
      {!settings.registration.disable && (
        <p className="mt-8 text-center text-sm text-muted">
          {trans("Don't have an account?")}{' '}
          <Link
            to={searchParams.size > 0 ? `${registerLink}?${searchParams}` : registerLink}
            // Underlined at rest: a link inside a sentence must not be told apart by colour alone (axe link-in-text-block).
            className="text-primary underline underline-offset-2"
          >
            {trans('Sign up.')}
          </Link>
        </p>
      )}
    </AuthLayout>
  );
}
