import { AccountSettingsPage } from '@cadence/app-shell/account-settings/account-settings-page';
import { ConnectedServicesPanel } from '../scrobbling/connected-services-panel';
import { SubsonicAppsPanel } from './subsonic-apps-panel';

/** The shared account settings page, with the player's own "Subsonic apps" and "Connected services". */
export function AccountSettingsWithSubsonic() {
  return (
    <AccountSettingsPage
      extraPanels={
        <>
          <SubsonicAppsPanel />
          <ConnectedServicesPanel />
        </>
      }
    />
  );
}
