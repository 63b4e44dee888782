import type { TAccountUser } from '@cadence/contracts/account';
import type { TSocialService } from '@cadence/contracts/auth';
import { GENERIC_ERROR_MESSAGE } from '@cadence/contracts/error-messages';
import { apiUrl } from '@cadence/http-client/api-base-url';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { enabledSocialServices, SOCIAL_SERVICE_NAMES } from '../auth/enabled-social-services';
import { openSocialPopup } from '../auth/social-popup';
import { SOCIAL_ERROR_MESSAGE } from '../auth/use-social-login';
import { toast } from '../toast-store';
import { useSettings } from '../use-bootstrap-data';
import { useTrans } from '../use-trans';
import { accountKeys } from './account-queries';
import { SettingsPanel } from './settings-panel';

/** Spec 2.6 social login panel; hidden when no provider is enabled. */
export function SocialLoginPanel({ user }: { user: TAccountUser }) {
  const { trans } = useTrans();
  const settings = useSettings();
  const queryClient = useQueryClient();
  const [pendingService, setPendingService] = useState<TSocialService | null>(null);
  const services = enabledSocialServices(settings);
  if (services.length === 0) return null;

  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.user });

  const enable = async (service: TSocialService) => {
    setPendingService(service);
    const result = await openSocialPopup(apiUrl(`/secure/auth/social/${service}/connect`));
    setPendingService(null);
    if (!result) return;
    if (result.status === 'ERROR') {
      toast.danger(result.callbackData.errorMessage || trans(SOCIAL_ERROR_MESSAGE));
      return;
    }
    toast.positive(trans('Enabled :service account', { service: SOCIAL_SERVICE_NAMES[service] }));
    await refresh();
  };

  const disable = async (service: TSocialService) => {
    setPendingService(service);
    try {
      await apiClient.post(`secure/auth/social/${service}/disconnect`);
      toast.positive(trans('Disabled :service account', { service: SOCIAL_SERVICE_NAMES[service] }));
      await refresh();
    } catch {
      toast.danger(trans(GENERIC_ERROR_MESSAGE));
    } finally {
      setPendingService(null);
    }
  };

  return (
    <SettingsPanel id="social-login" title={trans('Manage social login')}>
      <ul className="divide-y divide-divider">
        {services.map((service) => {
          const profile = user.social_profiles.find((item) => item.service_name === service);
          const isConnected = profile !== undefined;
          return (
            <li key={service} className="flex items-center gap-4 py-3" data-testid={`social-${service}`}>
              <div className="flex-auto">
                <div className="text-sm font-medium">
                  {trans(':service account', { service: SOCIAL_SERVICE_NAMES[service] })}
                </div>
                <div className="text-xs text-muted">
                  {isConnected ? profile.username || service : trans('Disabled')}
                </div>
              </div>
              <Button
                size="sm"
                variant={isConnected ? 'outline' : 'primary'}
                isPending={pendingService === service}
                isDisabled={pendingService !== null}
                onPress={() => void (isConnected ? disable(service) : enable(service))}
              >
                {isConnected ? trans('Disable') : trans('Enable')}
              </Button>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-sm text-muted">
        {trans("If you disable social logins, you'll still be able to log in using your email and password.")}
      </p>
    </SettingsPanel>
  );
}
