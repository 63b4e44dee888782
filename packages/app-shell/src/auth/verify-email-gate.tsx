import { EMAIL_CODE_LENGTH } from '@cadence/contracts/auth-constants';
import { GENERIC_ERROR_MESSAGE } from '@cadence/contracts/error-messages';
import { Button } from '@cadence/ui/button';
import { TextField } from '@cadence/ui/text-field';
import { type FormEvent, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { GateScreenLayout } from '../gate-screen-layout';
import { maskEmail } from '../mask-email';
import { toast } from '../toast-store';
import { useBootstrapData } from '../use-bootstrap-data';
import { useTrans } from '../use-trans';
import { authRequests } from './auth-requests';
import { useForm } from './use-form';

const RULES = { code: { isRequired: true, isNumeric: true, maxLength: EMAIL_CODE_LENGTH } };

export interface VerifyEmailGateProps {
  /** A valid code reloads the whole page (spec 4); injectable for tests. */
  reload?: () => void;
}

/** Spec 2.2 verify-email screen, shown by the route gate as a catch-all. */
export function VerifyEmailGate({ reload = () => window.location.reload() }: VerifyEmailGateProps) {
  const { trans } = useTrans();
  const email = useBootstrapData().user?.email ?? null;
  const form = useForm({ code: '' }, RULES);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isResending, setIsResending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    setIsSubmitting(true);
    try {
      await authRequests.validateEmailOtp(form.values.code.trim());
      reload();
    } catch (error) {
      form.onServerError(error);
      setIsSubmitting(false);
    }
  };

  const resend = async () => {
    if (!email) return;
    setIsResending(true);
    try {
      await authRequests.resendEmailVerification(email);
      toast.positive(trans('Email sent'));
    } catch {
      toast.danger(trans(GENERIC_ERROR_MESSAGE));
    } finally {
      setIsResending(false);
    }
  };

  return (
    <GateScreenLayout title={trans('Verify your email')}>
      <p className="text-muted" data-testid="verify-email-screen">
        {trans('Enter the verification code we sent to :email', { email: maskEmail(email) })}
      </p>
      <form ref={form.formRef} onSubmit={submit} noValidate className="flex w-full flex-col gap-4 text-left">
        <TextField
          {...form.textField('code')}
          label={trans('Code')}
          placeholder={trans('Enter your verification code')}
          inputMode="numeric"
          maxLength={EMAIL_CODE_LENGTH}
          autoComplete="one-time-code"
          autoFocus
        />
        <Button type="submit" isFullWidth isDisabled={isSubmitting} isPending={isSubmitting}>
          {trans('Next')}
        </Button>
      </form>
      <p className="text-sm text-muted">
        {trans(
          "If you don't see the email in your inbox, check your spam folder and promotions tab. If you still don't see it,",
        )}{' '}
        <AriaButton
          onPress={resend}
          isDisabled={isResending || !email}
          className="text-primary underline outline-none data-disabled:cursor-default data-disabled:text-muted data-focus-visible:ring-2 data-focus-visible:ring-focus"
        >
          {trans('request a resend')}
        </AriaButton>
        .
      </p>
    </GateScreenLayout>
  );
}
