import { annotationMethods } from './subsonic-annotation';
import { bookmarkMethods } from './subsonic-bookmarks';
import { browseMethods } from './subsonic-browse';
import type { SubsonicMethod } from './subsonic-context';
import { folderMethods } from './subsonic-folders';
import { infoMethods } from './subsonic-info';
import { listMethods } from './subsonic-lists';
import { lyricsMethods } from './subsonic-lyrics';
import { mediaMethods } from './subsonic-media';
import { nowPlayingMethods } from './subsonic-now-playing';
import { playlistMethods } from './subsonic-playlists';
import { systemMethods } from './subsonic-system';
import { userMethods } from './subsonic-user';

/** Every method this server answers, by its Subsonic name (README.md lists what is missing). */
export const subsonicMethods: Record<string, SubsonicMethod> = {
  ...systemMethods,
  ...browseMethods,
  ...listMethods,
  ...playlistMethods,
  ...mediaMethods,
  ...annotationMethods,
  ...userMethods,
  ...lyricsMethods,
  ...folderMethods,
  ...infoMethods,
  ...nowPlayingMethods,
  ...bookmarkMethods,
};
