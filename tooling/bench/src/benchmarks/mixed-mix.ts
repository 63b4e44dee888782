import { seededRandom, WORDS } from './catalogue';

/** What a listener's visit asks for, and each kind's share of the requests (per cent). */
export const MIX = {
  bootstrap: 10,
  home: 5,
  search: 20,
  album: 20,
  artist: 15,
  stream: 20,
  play: 10,
} as const;
export type TKind = keyof typeof MIX;

export type TMixInput = {
  albums: number;
  artists: number;
  tracks: number;
  /** A track with a real audio file (the generated catalogue's tracks have none). */
  streamTrackId: number;
  streamBytes: number;
  /** The signed-in listener: session cookie and XSRF pair. */
  session: { cookie: string; xsrf: string };
};

export type TMixedRequest = {
  kind: TKind;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body: string;
};

const RANGE_BYTES = 256 * 1024;

/**
 * `count` requests in the shares of MIX (seeded: the same list every run). Half of the reads are
 * a signed-in listener's (session cookie), half a guest's; play reports are signed in.
 */
export function mixedRequests(input: TMixInput, count: number, seed = 1616): TMixedRequest[] {
  const random = seededRandom(seed);
  const pick = (max: number) => 1 + Math.floor(random() * max);
  const word = () => WORDS[Math.floor(random() * WORDS.length)] as string;
  const kinds = Object.entries(MIX).flatMap(([kind, share]) =>
    Array.from({ length: Math.round((share / 100) * count) }, () => kind as TKind),
  );
  const signedIn = { cookie: input.session.cookie };
  return kinds.map((kind, index) => {
    const headers: Record<string, string> = index % 2 === 0 ? { ...signedIn } : {};
    switch (kind) {
      case 'bootstrap':
        return { kind, method: 'GET', path: '/api/v1/bootstrap-data', headers, body: '' };
      case 'home':
        return { kind, method: 'GET', path: '/api/v1/channel/discover?page=1&perPage=50', headers, body: '' };
      case 'search': {
        // Typeahead: the prefixes a listener types, one or two words.
        const first = word();
        const term =
          random() < 0.3 ? `${first} ${word().slice(0, 3)}` : first.slice(0, 2 + Math.floor(random() * 4));
        return {
          kind,
          method: 'GET',
          path: `/api/v1/search/suggestions?query=${encodeURIComponent(term)}&limit=8`,
          headers,
          body: '',
        };
      }
      case 'album':
        return {
          kind,
          method: 'GET',
          path: `/api/v1/albums/${pick(input.albums)}?with=tracks,genres,tags`,
          headers,
          body: '',
        };
      case 'artist':
        return {
          kind,
          method: 'GET',
          path: `/api/v1/artists/${pick(input.artists)}?with=albums,top_tracks,genres&loadCount=followers,likes`,
          headers,
          body: '',
        };
      case 'stream': {
        const start = Math.floor(random() * (input.streamBytes - RANGE_BYTES));
        return {
          kind,
          method: 'GET',
          path: `/api/v1/tracks/${input.streamTrackId}/stream`,
          headers: { ...headers, range: `bytes=${start}-${start + RANGE_BYTES - 1}` },
          body: '',
        };
      }
      default:
        // 'play': a listener reporting a play, always signed in.
        return {
          kind,
          method: 'POST',
          path: `/api/v1/tracks/${pick(input.tracks)}/plays`,
          headers: {
            ...signedIn,
            'x-xsrf-token': input.session.xsrf,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ duration_played_ms: 60_000, source: 'album' }),
        };
    }
  });
}

/** One line per request for mixed-load.lua: method, path, `name:value|...`, body, tab-separated. */
export function luaLines(requests: readonly TMixedRequest[]): string {
  return requests
    .map((request) => {
      const headers = Object.entries(request.headers)
        .map(([name, value]) => {
          if (/[|:\t\n]/.test(name) || /[|\t\n]/.test(value))
            throw new Error(`header ${name} cannot be written`);
          return `${name}:${value}`;
        })
        .join('|');
      return [request.method, request.path, headers, request.body].join('\t');
    })
    .join('\n');
}
