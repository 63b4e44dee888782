import type { TSocialAuthMessage, TSocialService } from '@cadence/contracts/auth';
import { apiUrl } from '@cadence/http-client/api-base-url';
import { useCallback } from 'react';
import { openDialog } from '../modal-store';
import { toast } from '../toast-store';
import { trans } from '../trans';
import { authRequests } from './auth-requests';
import { PasswordRequiredDialog } from './password-required-dialog';
import { openSocialPopup } from './social-popup';
import { useCompleteSignIn } from './use-auth-redirect';

export const SOCIAL_ERROR_MESSAGE = 'An error occurred. Please try again later';

/** Asks for the existing account's password and connects it (REQUEST_PASSWORD). */
function requestPassword(): Promise<TSocialAuthMessage['callbackData']['bootstrapData'] | undefined> {
  return openDialog((close) => (
    <PasswordRequiredDialog
      title={trans('Password required')}
      message={trans(
        'An account with this email address already exists. If you want to connect the two accounts, enter the existing account password.',
      )}
      submitLabel={trans('Connect')}
      onSubmit={async (password) => {
        const { bootstrapData } = await authRequests.socialConnectWithPassword(password);
        close(bootstrapData);
      }}
      onClose={() => close()}
    />
  ));
}

/** Spec 4 social login: open the provider popup and act on its result status. */
export function useSocialLogin(): (service: TSocialService) => Promise<void> {
  const completeSignIn = useCompleteSignIn();
  return useCallback(
    async (service) => {
      const result = await openSocialPopup(apiUrl(`/secure/auth/social/${service}/login`));
      if (!result) return;
      switch (result.status) {
        case 'SUCCESS':
          completeSignIn(result.callbackData.bootstrapData ?? null);
          return;
        case 'ALREADY_LOGGED_IN':
          completeSignIn(null);
          return;
        case 'REQUEST_PASSWORD': {
          const bootstrapData = await requestPassword();
          if (bootstrapData) completeSignIn(bootstrapData);
          return;
        }
        default:
          toast.danger(result.callbackData.errorMessage || trans(SOCIAL_ERROR_MESSAGE));
      }
    },
    [completeSignIn],
  );
}
