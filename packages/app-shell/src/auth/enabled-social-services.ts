import { SOCIAL_SERVICES, type TSocialService } from '@cadence/contracts/auth-constants';
import type { TClientSettings } from '@cadence/contracts/settings';

/** The providers switched on in settings, in the spec's order (envato first on the panel). */
export function enabledSocialServices(settings: Pick<TClientSettings, 'social'>): TSocialService[] {
  return SOCIAL_SERVICES.filter((service) => settings.social[service]?.enable);
}

export const SOCIAL_SERVICE_NAMES: Record<TSocialService, string> = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'Twitter',
  envato: 'Envato',
};
