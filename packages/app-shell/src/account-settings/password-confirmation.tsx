import {
  PASSWORD_CONFIRMATION_SECONDS,
  type TConfirmedPasswordStatusResponse,
} from '@cadence/contracts/account';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { PasswordRequiredDialog } from '../auth/password-required-dialog';
import { openDialog } from '../modal-store';
import { trans } from '../trans';

/** What the api answers when the confirmation window has passed. */
const PASSWORD_CONFIRMATION_STATUS = 423;

/** Spec 4: a successful confirmation remembers the password for this page's lifetime. */
let rememberedPassword: string | null = null;

export function forgetConfirmedPassword(): void {
  rememberedPassword = null;
}

async function isRecentlyConfirmed(): Promise<boolean> {
  const { confirmed } = await apiClient.get<TConfirmedPasswordStatusResponse>(
    'auth/user/confirmed-password-status',
    {
      params: { seconds: PASSWORD_CONFIRMATION_SECONDS },
    },
  );
  return confirmed;
}

function askForPassword(): Promise<string | undefined> {
  return openDialog<string>((close) => (
    <PasswordRequiredDialog
      title={trans('Confirm password')}
      message={trans('For your security, please confirm your password to continue.')}
      submitLabel={trans('Confirm')}
      onSubmit={async (password) => {
        await apiClient.post('auth/user/confirm-password', { password });
        rememberedPassword = password;
        close(password);
      }}
      onClose={() => close()}
    />
  ));
}

/**
 * Spec 4/6: deleting the account and two factor changes need a confirmation within 9000 s;
 * logging out other sessions needs the password itself. Resolves with the password (null when
 * a recent confirmation sufficed), or undefined when the user closed the dialog.
 */
export async function confirmPassword(
  options: { needsPassword?: boolean } = {},
): Promise<string | null | undefined> {
  if (options.needsPassword) return rememberedPassword ?? askForPassword();
  if (await isRecentlyConfirmed()) return null;
  return askForPassword();
}

/** Runs `action` behind the confirmation; a 423 from the server (window expired) asks again once. */
export async function withPasswordConfirmation<T>(
  action: (password: string | null) => Promise<T>,
  options: { needsPassword?: boolean } = {},
): Promise<T | undefined> {
  const password = await confirmPassword(options);
  if (password === undefined) return undefined;
  try {
    return await action(password);
  } catch (error) {
    if (!isHttpError(error) || error.status !== PASSWORD_CONFIRMATION_STATUS) throw error;
    forgetConfirmedPassword();
    const again = await askForPassword();
    return again === undefined ? undefined : action(again);
  }
}
