import { RECOVERY_CODE_LENGTH, TWO_FACTOR_CODE_LENGTH } from '@cadence/contracts/auth';
import { Button } from '@cadence/ui/button';
import { TextField } from '@cadence/ui/text-field';
import { type FormEvent, useState } from 'react';
import { useTrans } from '../use-trans';
import { authRequests } from './auth-requests';
import { useCompleteSignIn } from './use-auth-redirect';
import { useForm } from './use-form';

const CODE_RULES = { code: { isRequired: true, exactLength: TWO_FACTOR_CODE_LENGTH } };
const RECOVERY_RULES = { recovery_code: { isRequired: true, exactLength: RECOVERY_CODE_LENGTH } };

/** Spec 2.4 challenge: a 6-character code or, toggled, a 21-character recovery code. */
export function TwoFactorChallengeForm() {
  const { trans } = useTrans();
  const [isRecovery, setIsRecovery] = useState(false);
  const completeSignIn = useCompleteSignIn();
  const form = useForm({ code: '', recovery_code: '' }, isRecovery ? RECOVERY_RULES : CODE_RULES);
  const [isPending, setIsPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    setIsPending(true);
    try {
      const payload = isRecovery
        ? { recovery_code: form.values.recovery_code.trim() }
        : { code: form.values.code.trim() };
      const response = await authRequests.twoFactorChallenge(payload);
      completeSignIn(response.bootstrapData ?? null);
    } catch (error) {
      form.onServerError(error);
      setIsPending(false);
    }
  };

  return (
    <form
      ref={form.formRef}
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      data-testid="two-factor-challenge"
    >
      <p className="text-sm text-muted">
        {isRecovery
          ? trans('Confirm access to your account by entering one of your emergency recovery codes.')
          : trans(
              'Confirm access to your account by entering the authentication code provided by your authenticator application.',
            )}
      </p>
      {isRecovery ? (
        <TextField
          key="recovery"
          {...form.textField('recovery_code')}
          label={trans('Recovery code')}
          maxLength={RECOVERY_CODE_LENGTH}
          autoComplete="one-time-code"
          autoFocus
        />
      ) : (
        <TextField
          key="code"
          {...form.textField('code')}
          label={trans('Code')}
          maxLength={TWO_FACTOR_CODE_LENGTH}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
        />
      )}
      <Button
        variant="text"
        size="sm"
        className="self-start"
        onPress={() => setIsRecovery((current) => !current)}
      >
        {isRecovery ? trans('Use authentication code instead') : trans('Use recovery code instead')}
      </Button>
      <Button type="submit" isFullWidth isPending={isPending} isDisabled={isPending}>
        {trans('Continue')}
      </Button>
    </form>
  );
}
