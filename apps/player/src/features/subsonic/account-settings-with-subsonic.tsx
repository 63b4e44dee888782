import { AccountSettingsPage } from '@cadence/app-shell/account-settings/account-settings-page';
import { DownloadYourDataPanel } from '../data-export/download-your-data-panel';
import { ConnectedServicesPanel } from '../scrobbling/connected-services-panel';
import { SubsonicAppsPanel } from './subsonic-apps-panel';

/** The shared account settings page, with the player's own "Subsonic apps", "Connected services" and "Download your data". */
export function AccountSettingsWithSubsonic() {
  return (
    <AccountSettingsPage
      extraPanels={
        <>
          <SubsonicAppsPanel />
          <ConnectedServicesPanel />
          <DownloadYourDataPanel />
        </>
      }
    />
  );
}
