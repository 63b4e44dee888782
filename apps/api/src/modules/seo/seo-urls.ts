import { slugifyName } from '@cadence/contracts/slug';

/**
 * The player's own addresses (apps/player features/catalogue/urls.ts, app-shell profile-link.ts):
 * canonical links and sitemap entries must be the URLs the player routes, spelled the same way.
 */
type TRef = { id: number; name: string };
const slug = (name: string) => encodeURIComponent(slugifyName(name) || '-');

export const playerPaths = {
  artist: (artist: TRef) => `/artist/${artist.id}/${slug(artist.name)}`,
  album: (album: TRef, artistName = '') => `/album/${album.id}/${slug(artistName)}/${slug(album.name)}`,
  track: (track: TRef) => `/track/${track.id}/${slug(track.name)}`,
  playlist: (playlist: TRef) => `/playlist/${playlist.id}/${slug(playlist.name)}`,
  user: (user: TRef) => `/user/${user.id}/${slug(user.name)}`,
  search: (query: string) => `/search/${encodeURIComponent(query)}`,
  customPage: (page: { slug: string }) => `/pages/${encodeURIComponent(page.slug)}`,
  channel: (channel: { slug: string }) => `/${encodeURIComponent(channel.slug)}`,
};

/** An absolute URL on `base` (the player's origin): images stored as `storage/...` or `/...` too. */
export function absoluteUrl(base: string, path: string | null | undefined): string | null {
  if (!path) return null;
  try {
    return new URL(path, `${base.replace(/\/$/, '')}/`).href;
  } catch {
    return null;
  }
}
