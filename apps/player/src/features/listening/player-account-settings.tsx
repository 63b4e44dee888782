import { AccountSettingsPage } from '@cadence/app-shell/account-settings/account-settings-page';
import { DownloadYourDataPanel } from '../data-export/download-your-data-panel';
import { ConnectedServicesPanel } from '../scrobbling/connected-services-panel';
import { SubsonicAppsPanel } from '../subsonic/subsonic-apps-panel';
import { ListeningPanel } from './listening-panel';

/**
 * The shared account settings page with the player's own sections: Listening, Subsonic apps,
 * Connected services (scrobbling) and Download your data.
 */
export function PlayerAccountSettings() {
  return (
    <AccountSettingsPage
      extraPanels={
        <>
          <ListeningPanel />
          <SubsonicAppsPanel />
          <ConnectedServicesPanel />
          <DownloadYourDataPanel />
        </>
      }
    />
  );
}
