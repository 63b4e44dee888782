import { AccountSettingsPage } from '@cadence/app-shell/account-settings/account-settings-page';
import { SubsonicAppsPanel } from './subsonic-apps-panel';

/** The shared account settings page, with the player's own "Subsonic apps" section. */
export function AccountSettingsWithSubsonic() {
  return <AccountSettingsPage extraPanels={<SubsonicAppsPanel />} />;
}
