import { slugifyName } from '@cadence/app-shell/profile-link';

type TRef = { id: number; name: string };

const slug = (name: string) => slugifyName(name) || '-';

export const artistUrl = (artist: TRef) => `/artist/${artist.id}/${slug(artist.name)}`;
export const albumUrl = (album: TRef, artistName = '') =>
  `/album/${album.id}/${slug(artistName)}/${slug(album.name)}`;
export const trackUrl = (track: TRef) => `/track/${track.id}/${slug(track.name)}`;
export const playlistUrl = (playlist: TRef) => `/playlist/${playlist.id}/${slug(playlist.name)}`;
export const userUrl = (user: TRef) => `/user/${user.id}/${slug(user.name)}`;
/** A genre opens the popular songs channel restricted to it (channel restrictions, music domain). */
export const genreUrl = (genre: { name: string }) =>
  `/channel/popular-tracks/${encodeURIComponent(genre.name)}`;
export const tagUrl = (tag: { name: string }) => `/tag/${encodeURIComponent(tag.name)}`;
export const radioUrl = (seedType: string, seed: { id: number | string; name: string }) =>
  `/radio/${seedType}/${seed.id}/${slug(seed.name)}`;
export const trackEmbedUrl = (track: TRef) => `${trackUrl(track)}/embed`;
export const albumEmbedUrl = (album: TRef, artistName = '') => `${albumUrl(album, artistName)}/embed`;

export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}
