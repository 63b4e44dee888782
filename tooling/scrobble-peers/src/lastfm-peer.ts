import { createHash, randomBytes } from 'node:crypto';
import {
  createWaiters,
  htmlReply,
  jsonReply,
  type PeerReply,
  type PeerRequest,
  servePeer,
} from './peer-server';

export type LastfmScrobble = {
  user: string;
  artist: string;
  track: string;
  album?: string;
  timestamp: number;
  duration?: number;
};

/** Last.fm's API signature: md5 of the sorted `name` + `value` pairs (not format, not callback) + secret. */
export function lastfmSignature(params: Record<string, string>, secret: string): string {
  const text = Object.keys(params)
    .filter((name) => name !== 'format' && name !== 'callback' && name !== 'api_sig')
    .sort()
    .map((name) => `${name}${params[name]}`)
    .join('');
  return createHash('md5').update(`${text}${secret}`, 'utf8').digest('hex');
}

const fail = (error: number, message: string, status = 200): PeerReply =>
  jsonReply(status, { error, message });

/**
 * Last.fm's web authentication (`/api/auth/?api_key&cb` then a token to the callback) and the
 * 2.0 API methods `auth.getSession`, `track.updateNowPlaying` and `track.scrobble`, each checked
 * against the API signature. `users` are the accounts that can approve (the first is the default).
 */
export async function startLastfmPeer(options: { apiKey: string; secret: string; users?: string[] }) {
  const users = options.users ?? ['lastfm-listener'];
  const tokens = new Map<string, string | null>();
  const sessions = new Map<string, string>();
  const scrobbles: LastfmScrobble[] = [];
  const nowPlaying: Omit<LastfmScrobble, 'timestamp'>[] = [];
  const waiters = createWaiters();

  /** The request's parameters, or the error Last.fm answers for a wrong key or signature. */
  function signedParams(request: PeerRequest): { params: Record<string, string> } | { error: PeerReply } {
    const source = request.method === 'POST' ? new URLSearchParams(request.raw) : request.query;
    const params = Object.fromEntries(source);
    if (params.api_key !== options.apiKey)
      return { error: fail(10, 'Invalid API key - You must be granted a valid key by last.fm') };
    // auth.getSession and the write methods are all signed.
    if (params.api_sig !== lastfmSignature(params, options.secret))
      return { error: fail(13, 'Invalid method signature supplied') };
    return { params };
  }

  function sessionUser(params: Record<string, string>): string | PeerReply {
    const user = sessions.get(params.sk ?? '');
    return user ?? fail(9, 'Invalid session key - Please re-authenticate');
  }

  const methods: Record<string, (params: Record<string, string>, request: PeerRequest) => PeerReply> = {
    'auth.getSession': (params) => {
      const token = params.token ?? '';
      if (!tokens.has(token)) return fail(4, 'Invalid authentication token supplied');
      const user = tokens.get(token);
      if (!user) return fail(14, 'This token has not been authorized');
      tokens.delete(token);
      const key = randomBytes(16).toString('hex');
      sessions.set(key, user);
      return jsonReply(200, { session: { name: user, key, subscriber: 0 } });
    },
    'track.updateNowPlaying': (params, request) => {
      if (request.method !== 'POST') return fail(3, 'Invalid Method - This method must be a POST');
      const user = sessionUser(params);
      if (typeof user !== 'string') return user;
      if (!params.artist || !params.track)
        return fail(6, 'Invalid parameters - artist and track are required');
      nowPlaying.push({
        user,
        artist: params.artist,
        track: params.track,
        album: params.album,
        duration: params.duration ? Number(params.duration) : undefined,
      });
      waiters.notify();
      return jsonReply(200, {
        nowplaying: {
          artist: { '#text': params.artist },
          track: { '#text': params.track },
          ignoredMessage: { code: '0' },
        },
      });
    },
    'track.scrobble': (params, request) => {
      if (request.method !== 'POST') return fail(3, 'Invalid Method - This method must be a POST');
      const user = sessionUser(params);
      if (typeof user !== 'string') return user;
      const batch: LastfmScrobble[] = [];
      for (let i = 0; i < 50; i += 1) {
        const artist = params[`artist[${i}]`];
        const track = params[`track[${i}]`];
        const timestamp = params[`timestamp[${i}]`];
        if (artist === undefined && track === undefined) break;
        if (!artist || !track || !timestamp || !/^\d+$/.test(timestamp))
          return fail(6, `Invalid parameters - artist, track and timestamp are required (${i})`);
        const duration = params[`duration[${i}]`];
        batch.push({
          user,
          artist,
          track,
          album: params[`album[${i}]`],
          timestamp: Number(timestamp),
          duration: duration ? Number(duration) : undefined,
        });
      }
      if (batch.length === 0) return fail(6, 'Invalid parameters - no scrobble given');
      scrobbles.push(...batch);
      waiters.notify();
      return jsonReply(200, {
        scrobbles: { '@attr': { accepted: batch.length, ignored: 0 }, scrobble: batch },
      });
    },
  };

  const peer = await servePeer((request) => {
    if (request.path === '/api/auth/' || request.path === '/api/auth') {
      if (request.method === 'GET') {
        const apiKey = request.query.get('api_key') ?? '';
        const cb = request.query.get('cb') ?? '';
        if (apiKey !== options.apiKey)
          return htmlReply('<!doctype html><title>Error</title><p>Invalid API key</p>');
        const fields = `<input type="hidden" name="api_key" value="${escapeHtml(apiKey)}"><input type="hidden" name="cb" value="${escapeHtml(cb)}">`;
        return htmlReply(
          `<!doctype html><html lang="en"><head><title>Last.fm peer: connect application</title></head><body><main><h1>Connect application</h1><form method="post" action="/api/auth/">${fields}<label>Account <select name="user">${users.map((u) => `<option>${escapeHtml(u)}</option>`).join('')}</select></label><button type="submit">Yes, allow access</button></form></main></body></html>`,
        );
      }
      const form = new URLSearchParams(request.raw);
      if (form.get('api_key') !== options.apiKey) return fail(10, 'Invalid API key', 400);
      const user = form.get('user') ?? users[0] ?? 'lastfm-listener';
      const token = randomBytes(16).toString('hex');
      tokens.set(token, user);
      const cb = new URL(form.get('cb') ?? '');
      cb.searchParams.set('token', token);
      return { status: 303, body: '', type: 'text/plain', location: cb.toString() };
    }
    if (request.path === '/2.0/' || request.path === '/2.0') {
      const signed = signedParams(request);
      if ('error' in signed) return signed.error;
      const { params } = signed;
      const method = methods[params.method ?? ''];
      if (!method) return fail(3, 'Invalid Method - No method with that name in this package');
      if (params.format !== 'json') return fail(6, 'This peer answers format=json only', 400);
      return method(params, request);
    }
    return jsonReply(404, { error: 3, message: 'Not found' });
  });

  return {
    ...peer,
    scrobbles,
    nowPlaying,
    /** Issues an approved token as the web flow would, for tests that skip the page. */
    approve(user = users[0] ?? 'lastfm-listener') {
      const token = randomBytes(16).toString('hex');
      tokens.set(token, user);
      return token;
    },
    waitForScrobbles: (count: number) => waiters.until(() => scrobbles.length >= count),
    waitForNowPlaying: (count: number) => waiters.until(() => nowPlaying.length >= count),
  };
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type LastfmPeer = Awaited<ReturnType<typeof startLastfmPeer>>;
