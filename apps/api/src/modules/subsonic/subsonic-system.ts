import type { SubsonicMethod } from './subsonic-context';

export const OPEN_SUBSONIC_EXTENSIONS = [
  { name: 'formPost', versions: [1] },
  { name: 'apiKeyAuthentication', versions: [1] },
];

export const systemMethods: Record<string, SubsonicMethod> = {
  ping: async () => ({}),
  getLicense: async () => ({ license: { valid: true } }),
  getOpenSubsonicExtensions: async () => ({ openSubsonicExtensions: OPEN_SUBSONIC_EXTENSIONS }),
  tokenInfo: async ({ user }) => ({ tokenInfo: { username: user.name || user.email } }),
  getMusicFolders: async () => ({ musicFolders: { musicFolder: [{ id: 1, name: 'Music' }] } }),
  getScanStatus: async () => ({ scanStatus: { scanning: false, count: 0 } }),
};
