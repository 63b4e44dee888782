/**
 * The GET a listener page starts with. The player's queries send exactly these, and the api
 * answers them inside the page's HTML for the first route, so that page skips one round trip.
 * One table for both sides: a change of params cannot make the inlined answer miss silently.
 */
export type TPageRequest = { path: string; params: Record<string, string | number> };

export const pageRequests = {
  channel: (slugOrId: string, page = 1): TPageRequest => ({
    path: `channel/${encodeURIComponent(slugOrId)}`,
    params: { page, perPage: 50 },
  }),
  album: (id: number): TPageRequest => ({ path: `albums/${id}`, params: { with: 'tracks,genres,tags' } }),
  artist: (id: number): TPageRequest => ({
    path: `artists/${id}`,
    params: { with: 'albums,top_tracks,genres', loadCount: 'followers,likes' },
  }),
  track: (id: number): TPageRequest => ({ path: `tracks/${id}`, params: { with: 'genres,tags' } }),
  playlist: (id: number): TPageRequest => ({
    path: `playlists/${id}`,
    params: { with: 'owner,tracks,editors' },
  }),
  /** The search page's "All" tab: every type, 10 of each. */
  searchAll: (query: string): TPageRequest => ({ path: 'search', params: { query, perPage: 10 } }),
};

export type TFirstPage = { kind: keyof typeof pageRequests; request: TPageRequest };

const ID = '(\\d+)';
const SEGMENT = '([^/]+)';
const route = (...parts: string[]) => new RegExp(`^/${parts.join('/')}/?$`);

/** The player's routes (apps/player routes/player-routes.tsx) whose page starts with a request above. */
const FIRST_PAGES: [RegExp, (match: string[]) => TFirstPage | null][] = [
  [route('album', ID, SEGMENT, SEGMENT), ([id]) => byId('album', id)],
  [route('artist', ID), ([id]) => byId('artist', id)],
  [route('artist', ID, SEGMENT), ([id]) => byId('artist', id)],
  [route('track', ID, SEGMENT), ([id]) => byId('track', id)],
  [route('playlist', ID, SEGMENT), ([id]) => byId('playlist', id)],
  [route('search', SEGMENT), ([query]) => bySearch(query)],
  [route('search', SEGMENT, 'all'), ([query]) => bySearch(query)],
];

function byId(kind: 'album' | 'artist' | 'track' | 'playlist', id: string | undefined): TFirstPage {
  return { kind, request: pageRequests[kind](Number(id)) };
}

function bySearch(encoded: string | undefined): TFirstPage | null {
  let query: string;
  try {
    query = decodeURIComponent(encoded ?? '').trim();
  } catch {
    return null;
  }
  return query ? { kind: 'searchAll', request: pageRequests.searchAll(query) } : null;
}

/**
 * The request the page at `pathname` starts with, or null. `/` is the home channel
 * (`homeChannel`, null when the home page is not a channel).
 */
export function firstPageFor(pathname: string, homeChannel: string | null): TFirstPage | null {
  if (pathname === '/') {
    return homeChannel ? { kind: 'channel', request: pageRequests.channel(homeChannel) } : null;
  }
  for (const [pattern, toPage] of FIRST_PAGES) {
    const match = pattern.exec(pathname);
    if (match) return toPage(match.slice(1));
  }
  return null;
}

/** `/api/v1/{path}?{params}`, the URL the http client sends for a request (no workspace). */
export function pageRequestUrl({ path, params }: TPageRequest): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) query.append(key, String(value));
  return `/api/v1/${path}?${query}`;
}

/**
 * One key per GET whatever the order or encoding of its params (`a=1&b=x%2Cy` = `b=x,y&a=1`):
 * the api's inlined answers and the http client's requests meet on it.
 */
export function responseKey(url: string): string {
  const parsed = new URL(url, 'http://x');
  const params = [...parsed.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${parsed.pathname}?${new URLSearchParams(params)}`;
}
