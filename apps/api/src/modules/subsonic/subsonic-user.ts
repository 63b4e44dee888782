import { hasPermissionNamed } from '@cadence/permissions/can';
import type { SubsonicMethod } from './subsonic-context';
import { SubsonicError } from './subsonic-response';

export const userMethods: Record<string, SubsonicMethod> = {
  /** The caller only: other people's accounts are admin business of the web app (getUsers is not here). */
  getUser: async ({ params, user }) => {
    const asked = params.required('username');
    const names = [user.name, user.email].map((name) => name.toLowerCase());
    if (!names.includes(asked.toLowerCase())) {
      throw new SubsonicError('not_authorized', 'Only your own account can be read');
    }
    const subject = { user, guestRole: null };
    const can = (name: string) => hasPermissionNamed(subject, name);
    return {
      user: {
        username: user.name || user.email,
        email: user.email,
        scrobblingEnabled: true,
        adminRole: can('admin.access'),
        settingsRole: true,
        downloadRole: can('music.download'),
        uploadRole: can('music.create'),
        playlistRole: can('playlists.create'),
        coverArtRole: false,
        commentRole: can('comments.create'),
        podcastRole: false,
        streamRole: can('music.play'),
        jukeboxRole: false,
        shareRole: false,
        videoConversionRole: false,
        folder: [1],
      },
    };
  },
};
