import type { TRegistrationPolicy } from '@cadence/contracts/settings';
import { Checkbox } from '@cadence/ui/checkbox';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { setBootstrapData } from '../bootstrap-store';
import { toast } from '../toast-store';
import { useSettings } from '../use-bootstrap-data';
import { useTrans } from '../use-trans';
import { afterInvitedSignUp, workspaceInviteId } from '../workspaces/invite-actions';
import { AuthForm, AuthSubmitButton, EmailField } from './auth-form';
import { AuthLayout } from './auth-layout';
import { authRequests } from './auth-requests';
import type { TFormRules } from './field-rules';
import { PasswordFields } from './password-fields';
import { RECAPTCHA_FAILED_MESSAGE, verifyHuman } from './recaptcha';
import { SocialLoginButtons } from './social-login-buttons';
import { useCompleteSignIn } from './use-auth-redirect';
import { useForm } from './use-form';

/** Spec 2.4 headings: invites, then the pricing funnel, then the default. */
export function registerHeading(options: { isWorkspaceJoin: boolean; redirectFrom: string | null }) {
  if (options.isWorkspaceJoin) return 'To join your team on :siteName, create an account';
  if (options.redirectFrom === 'pricing') return "First, let's create your account";
  return 'Create a new account';
}

export function registerRules(policies: TRegistrationPolicy[]): TFormRules {
  const rules: TFormRules = {
    email: { isRequired: true, isEmail: true },
    password: { isRequired: true },
    password_confirmation: { isRequired: true, sameAs: 'password' },
  };
  for (const policy of policies) rules[policy.id] = { isRequired: true };
  return rules;
}

function PolicyLabel({ policy }: { policy: TRegistrationPolicy }) {
  const { trans } = useTrans();
  const link =
    policy.type === 'route' ? (
      <Link to={policy.action} target="_blank" className="text-primary underline underline-offset-2">
        {trans(policy.label)}
      </Link>
    ) : (
      <a
        href={policy.action}
        target="_blank"
        rel="noreferrer"
        className="text-primary underline underline-offset-2"
      >
        {trans(policy.label)}
      </a>
    );
  return (
    <>
      {trans('I accept the')} {link}
    </>
  );
}

export interface RegisterPageProps {
  isWorkspaceJoin?: boolean;
}

/** Spec 2.4 `/register` and `/workspace/join/register`. */
export function RegisterPage({ isWorkspaceJoin = false }: RegisterPageProps) {
  const { trans } = useTrans();
  const settings = useSettings();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const [searchParams] = useSearchParams();
  const lockedEmail = searchParams.get('email');
  const { policies } = settings.registration;
  const rules = useMemo(() => registerRules(policies), [policies]);
  const initial = useMemo(() => {
    const values: Record<string, string | boolean> = {
      email: lockedEmail ?? '',
      password: '',
      password_confirmation: '',
    };
    for (const policy of policies) values[policy.id] = false;
    return values;
  }, [lockedEmail, policies]);
  const form = useForm(initial, rules);
  const [isPending, setIsPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    setIsPending(true);
    try {
      if (!(await verifyHuman(settings, 'register'))) {
        toast.danger(trans(RECAPTCHA_FAILED_MESSAGE));
        return;
      }
      const inviteId = searchParams.get('invite_id') ?? searchParams.get('inviteId');
      const inviteType = searchParams.get('invite_type') ?? searchParams.get('inviteType');
      const response = await authRequests.register({
        ...form.values,
        email: String(form.values.email).trim(),
        ...(inviteId ? { invite_id: inviteId } : {}),
        ...(inviteType ? { invite_type: inviteType } : {}),
      });
      // Spec 2.4: the invitee who signs up through the link is in the team at once.
      if (response.workspace || workspaceInviteId(searchParams, isWorkspaceJoin))
        afterInvitedSignUp(response.workspace);
      if (response.status === 'needs_email_verification') {
        setBootstrapData(response.bootstrapData);
        navigate('/');
        return;
      }
      completeSignIn(response.bootstrapData, { replace: true });
    } catch (error) {
      form.onServerError(error);
    } finally {
      setIsPending(false);
    }
  };

  const heading = trans(
    registerHeading({ isWorkspaceJoin, redirectFrom: searchParams.get('redirectFrom') }),
    {
      siteName: settings.branding.site_name,
    },
  );
  const loginLink = isWorkspaceJoin ? `/workspace/join/login?${searchParams.toString()}` : '/login';
  return (
    <AuthLayout heading={heading}>
      <AuthForm formRef={form.formRef} onSubmit={submit} testId="register-form">
        <EmailField field={form.textField('email')} isReadOnly={Boolean(lockedEmail)} />
        <PasswordFields form={form} passwordLabel={trans('Password')} />
        {policies.map((policy) => (
          <Checkbox key={policy.id} {...form.checkbox(policy.id)}>
            <PolicyLabel policy={policy} />
          </Checkbox>
        ))}
        <AuthSubmitButton isPending={isPending}>{trans('Create account')}</AuthSubmitButton>
      </AuthForm>
      <SocialLoginButtons />
      <p className="mt-8 text-center text-sm text-muted">
        <Link to={loginLink} className="text-primary underline underline-offset-2">
          {trans('Already have an account? Sign in.')}
        </Link>
      </p>
    </AuthLayout>
  );
}
