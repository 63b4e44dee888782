import { AccountSettingsPage } from '@cadence/app-shell/account-settings/account-settings-page';
import { SubsonicAppsPanel } from '../subsonic/subsonic-apps-panel';
import { ListeningPanel } from './listening-panel';

/** The shared account settings page with the player's own sections: Listening, then Subsonic apps. */
export function PlayerAccountSettings() {
  return (
    <AccountSettingsPage
      extraPanels={
        <>
          <ListeningPanel />
          <SubsonicAppsPanel />
        </>
      }
    />
  );
}
