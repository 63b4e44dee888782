import type { TAccountUser } from '@cadence/contracts/account';
import { TWO_FACTOR_CODE_LENGTH } from '@cadence/contracts/auth';
import { TWO_FACTOR_DISABLED_MESSAGE } from '@cadence/contracts/two-factor';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { Spinner } from '@cadence/ui/spinner';
import { TextField } from '@cadence/ui/text-field';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useForm } from '../auth/use-form';
import { reportError } from '../report-error';
import { toast } from '../toast-store';
import { useTrans } from '../use-trans';
import {
  accountKeys,
  accountUserQueryOptions,
  syncBootstrapUser,
  twoFactorQrCodeQueryOptions,
} from './account-queries';
import { withPasswordConfirmation } from './password-confirmation';
import { SettingsPanel } from './settings-panel';
import { nextTwoFactorStep, type TTwoFactorStep, twoFactorStartStep } from './two-factor-step';

function recoveryCodesOf(response: unknown): string[] | null {
  const codes = (response as { recovery_codes?: unknown } | null)?.recovery_codes;
  return Array.isArray(codes) ? codes.filter((code): code is string => typeof code === 'string') : null;
}

function FinishingStep({
  onConfirmed,
  onCancel,
}: {
  onConfirmed: () => void;
  onCancel: () => Promise<void>;
}) {
  const { trans } = useTrans();
  const qrCode = useQuery(twoFactorQrCodeQueryOptions());
  const form = useForm({ code: '' }, { code: { isRequired: true, exactLength: TWO_FACTOR_CODE_LENGTH } });
  const [isPending, setIsPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    setIsPending(true);
    try {
      await apiClient.post('auth/user/confirmed-two-factor-authentication', {
        code: form.values.code.trim(),
      });
      onConfirmed();
    } catch (error) {
      form.onServerError(error);
    } finally {
      setIsPending(false);
    }
  };

  const cancel = async () => {
    setIsPending(true);
    await onCancel();
    setIsPending(false);
  };

  return (
    <form
      ref={form.formRef}
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      data-testid="two-factor-finishing"
    >
      <p className="text-sm text-muted">
        {trans(
          "To finish enabling two factor authentication, scan the following QR code using your phone's authenticator application or enter the setup key and provide the generated code.",
        )}
      </p>
      {qrCode.data ? (
        <>
          <div
            className="size-48 rounded bg-white p-2 [&_svg]:size-full"
            // The api renders this SVG itself from the user's own secret.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted server-rendered QR code
            dangerouslySetInnerHTML={{ __html: qrCode.data.svg }}
          />
          <p className="text-sm">
            {trans('Setup key')}: <code data-testid="two-factor-secret">{qrCode.data.secret}</code>
          </p>
        </>
      ) : (
        <Spinner size="md" />
      )}
      <TextField
        {...form.textField('code')}
        label={trans('Code')}
        inputMode="numeric"
        maxLength={TWO_FACTOR_CODE_LENGTH}
        autoComplete="one-time-code"
        className="max-w-xs"
      />
      <div className="flex gap-2">
        <Button variant="outline" isDisabled={isPending} onPress={() => void cancel()}>
          {trans('Cancel')}
        </Button>
        <Button type="submit" isPending={isPending} isDisabled={isPending}>
          {trans('Confirm')}
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] | null }) {
  const { trans } = useTrans();
  if (!codes) {
    return (
      <p className="text-sm text-muted">
        {trans('Recovery codes are shown only once. Regenerate them to get a new set.')}
      </p>
    );
  }
  return (
    <div>
      <p className="text-sm text-muted">
        {trans(
          'Store these recovery codes in a secure password manager. They can be used to recover access to your account if your two factor authentication device is lost.',
        )}
      </p>
      <ul className="mt-3 rounded bg-chip p-4 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

/** Spec 2.6 two factor panel with the spec 4 step machine. */
export function TwoFactorPanel({ user }: { user: TAccountUser }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<TTwoFactorStep>(() =>
    twoFactorStartStep({
      two_factor_confirmed_at: user.two_factor_confirmed_at,
      hasRecoveryCodes: user.two_factor_status !== 'disabled',
    }),
  );
  const [codes, setCodes] = useState<string[] | null>(null);
  const [isPending, setIsPending] = useState(false);

  const refreshUser = async () => {
    await queryClient.invalidateQueries({ queryKey: accountKeys.user });
    const fresh = queryClient.getQueryData(accountUserQueryOptions().queryKey);
    if (fresh) syncBootstrapUser(fresh);
  };

  const run = async (action: () => Promise<void>) => {
    setIsPending(true);
    try {
      await action();
    } catch (error) {
      reportError(error);
    } finally {
      setIsPending(false);
    }
  };

  const enable = () =>
    run(async () => {
      const response = await withPasswordConfirmation(() =>
        apiClient.post('auth/user/two-factor-authentication'),
      );
      if (response === undefined) return;
      setCodes(recoveryCodesOf(response));
      queryClient.removeQueries({ queryKey: accountKeys.twoFactorQr });
      setStep((current) => nextTwoFactorStep(current, 'enable'));
    });

  const disable = (event: 'disable' | 'cancel') =>
    run(async () => {
      const done = await withPasswordConfirmation(() =>
        apiClient.delete('auth/user/two-factor-authentication'),
      );
      if (done === undefined) return;
      if (event === 'disable') toast.positive(trans(TWO_FACTOR_DISABLED_MESSAGE));
      setCodes(null);
      setStep((current) => nextTwoFactorStep(current, event));
      await refreshUser();
    });

  const regenerate = () =>
    run(async () => {
      const response = await withPasswordConfirmation(() =>
        apiClient.post('auth/user/two-factor-recovery-codes'),
      );
      if (response !== undefined) setCodes(recoveryCodesOf(response));
    });

  const onConfirmed = async () => {
    setStep((current) => nextTwoFactorStep(current, 'confirm'));
    await refreshUser();
  };

  return (
    <SettingsPanel id="two-factor" title={trans('Two factor authentication')}>
      <div data-testid={`two-factor-step-${step}`}>
        {step === 'disabled' && (
          <div className="flex flex-col items-start gap-4">
            <p className="text-sm text-muted">
              {trans(
                "When two factor authentication is enabled, you will be prompted for a secure, random token during authentication. You may retrieve this token from your phone's authenticator application.",
              )}
            </p>
            <Button onPress={() => void enable()} isPending={isPending} isDisabled={isPending}>
              {trans('Enable')}
            </Button>
          </div>
        )}
        {step === 'finishing' && (
          <FinishingStep onConfirmed={() => void onConfirmed()} onCancel={() => disable('cancel')} />
        )}
        {step === 'enabled' && (
          <div className="flex flex-col gap-4">
            <p className="text-sm font-medium">{trans('You have enabled two factor authentication.')}</p>
            <RecoveryCodes codes={codes} />
            <div className="flex gap-2">
              <Button variant="outline" onPress={() => void regenerate()} isDisabled={isPending}>
                {trans('Regenerate recovery codes')}
              </Button>
              <Button variant="danger" onPress={() => void disable('disable')} isDisabled={isPending}>
                {trans('Disable')}
              </Button>
            </div>
          </div>
        )}
      </div>
    </SettingsPanel>
  );
}
