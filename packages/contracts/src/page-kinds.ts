import type { TPlaySource } from './play';

/* Zod-free on purpose: the player's first page imports these (visit beacon, play sources). */

/** The kinds of player page a visit is counted under (never the full address: no ids, no queries). */
export const PAGE_KINDS = [
  'home',
  'landing',
  'discover',
  'search',
  'artist',
  'album',
  'track',
  'playlist',
  'user',
  'radio',
  'channel',
  'library',
  'lyrics',
  'tag',
  'account',
  'notifications',
  'pricing',
  'billing',
  'auth',
  'page',
  'embed',
  'other',
] as const;
export type TPageKind = (typeof PAGE_KINDS)[number];

/** The page kind of a player path: `/album/1/a/b` is an album page (first segment decides). */
export function pageKindOf(pathname: string): TPageKind {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  if (first === '') return 'home';
  const map: Record<string, TPageKind> = {
    landing: 'landing',
    discover: 'discover',
    search: 'search',
    artist: 'artist',
    album: 'album',
    track: 'track',
    playlist: 'playlist',
    user: 'user',
    radio: 'radio',
    channel: 'channel',
    library: 'library',
    lyrics: 'lyrics',
    tag: 'tag',
    'account-settings': 'account',
    notifications: 'notifications',
    pricing: 'pricing',
    billing: 'billing',
    checkout: 'billing',
    login: 'auth',
    register: 'auth',
    'forgot-password': 'auth',
    password: 'auth',
    workspace: 'auth',
    pages: 'page',
    contact: 'page',
    '404': 'other',
    offline: 'other',
    'api-docs': 'other',
  };
  if (pathname.endsWith('/embed')) return 'embed';
  return map[first] ?? 'channel';
}

/** Where a play started, from the player page the listener pressed play on (insights "sources"). */
export function playSourceOf(pathname: string): TPlaySource {
  const kind = pageKindOf(pathname);
  const sources: Partial<Record<TPageKind, TPlaySource>> = {
    album: 'album',
    artist: 'artist',
    playlist: 'playlist',
    search: 'search',
    track: 'track',
    library: 'library',
    radio: 'radio',
    channel: 'channel',
    home: 'channel',
    discover: 'channel',
    embed: 'embed',
  };
  return sources[kind] ?? 'other';
}
