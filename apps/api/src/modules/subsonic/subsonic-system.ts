import type { SubsonicMethod } from './subsonic-context';

export const OPEN_SUBSONIC_EXTENSIONS = [
  { name: 'formPost', versions: [1] },
  { name: 'apiKeyAuthentication', versions: [1] },
  { name: 'songLyrics', versions: [1] },
  { name: 'transcodeOffset', versions: [1] },
];

/** Features Cadence has no such thing for answer empty, as Navidrome does, so apps show nothing. */
const empty =
  (element: string): SubsonicMethod =>
  async () => ({ [element]: {} });

export const systemMethods: Record<string, SubsonicMethod> = {
  ping: async () => ({}),
  getLicense: async () => ({ license: { valid: true } }),
  getOpenSubsonicExtensions: async () => ({ openSubsonicExtensions: OPEN_SUBSONIC_EXTENSIONS }),
  tokenInfo: async ({ user }) => ({ tokenInfo: { username: user.name || user.email } }),
  getMusicFolders: async () => ({ musicFolders: { musicFolder: [{ id: 1, name: 'Music' }] } }),
  getScanStatus: async () => ({ scanStatus: { scanning: false, count: 0 } }),
  getInternetRadioStations: empty('internetRadioStations'),
  getPodcasts: empty('podcasts'),
  getNewestPodcasts: empty('newestPodcasts'),
  getShares: empty('shares'),
  getChatMessages: empty('chatMessages'),
  getVideos: empty('videos'),
};
