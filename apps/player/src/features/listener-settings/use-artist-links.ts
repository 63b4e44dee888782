import { useAuth } from '@cadence/app-shell/use-auth';
import { useListenerSettings } from './listener-settings';

/** "Become an artist" becomes, once granted, the upload button (each switched on by the admin). */
export function useArtistLinks(): { canBecomeArtist: boolean; canUpload: boolean } {
  const { user, hasPermission } = useAuth();
  const settings = useListenerSettings();
  // Publishing music (music.create) is what the backstage request grants: without it a listener is not an artist yet.
  const isArtist = hasPermission('music.create');
  return {
    canBecomeArtist: Boolean(user) && !isArtist && settings.showBecomeArtist,
    canUpload: Boolean(user) && isArtist && settings.showUploadButton,
  };
}
