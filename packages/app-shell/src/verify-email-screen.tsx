import { GateScreenLayout } from './gate-screen-layout';
import { maskEmail } from './mask-email';
import { useBootstrapData } from './use-bootstrap-data';
import { useTrans } from './use-trans';

/**
 * The shell's stand-in for the verify-email gate: title and masked address only. The code form
 * (spec 2.2) belongs to the accounts feature, which passes its screen as `verifyEmailGate`.
 */
export function VerifyEmailScreen() {
  const { trans } = useTrans();
  const { user } = useBootstrapData();
  return (
    <GateScreenLayout title={trans('Verify your email')}>
      <p className="text-muted" data-testid="verify-email-screen">
        {trans('Enter the verification code we sent to :email', { email: maskEmail(user?.email) })}
      </p>
    </GateScreenLayout>
  );
}
