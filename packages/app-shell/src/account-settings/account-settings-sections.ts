import type { TClientSettings } from '@cadence/contracts/settings';
import { enabledSocialServices } from '../auth/enabled-social-services';

export type TAccountSectionId =
  | 'account-details'
  | 'social-login'
  | 'password'
  | 'two-factor'
  | 'sessions'
  | 'location-and-language'
  | 'developers'
  | 'delete-account';

const SECTIONS: { id: TAccountSectionId; label: string }[] = [
  { id: 'account-details', label: 'Account details' },
  { id: 'social-login', label: 'Social login' },
  { id: 'password', label: 'Password' },
  { id: 'two-factor', label: 'Two factor authentication' },
  { id: 'sessions', label: 'Active sessions' },
  { id: 'location-and-language', label: 'Location and language' },
  { id: 'developers', label: 'Developers' },
  { id: 'delete-account', label: 'Delete account' },
];

/**
 * Spec 2.6 panels in order; social login only with an enabled provider, API tokens only when
 * the API is integrated and the user has api.access.
 */
export function visibleAccountSections(
  settings: Pick<TClientSettings, 'social' | 'api'>,
  canAccessApi: boolean,
): { id: TAccountSectionId; label: string }[] {
  return SECTIONS.filter((section) => {
    if (section.id === 'social-login') return enabledSocialServices(settings).length > 0;
    if (section.id === 'developers') return Boolean(settings.api.integrated) && canAccessApi;
    return true;
  });
}
