import { createHash } from 'node:crypto';
import type { ScrobbledTrack } from './scrobbling.tables';

/** A listen as both services take it: the track and when it started. */
export type Listen = { track: ScrobbledTrack; listenedAt: Date };

/** A service refused or could not be reached; `isRejected`: it answered that the credential is no good. */
export class ScrobbleServiceError extends Error {
  constructor(
    message: string,
    readonly isRejected = false,
  ) {
    super(message);
  }
}

/**
 * undici's `request`: what Node's `fetch` runs on, without the WHATWG request, response and
 * streams `fetch` builds around every call (a third of its CPU a call: about 0.2 against 0.7 ms
 * for a batch of 200 listens, and the outbox sends a backlog batch after batch). Its keep-alive
 * pool is the global one, as `fetch`'s. Loaded on the first call: the api's start does not pay
 * for a module only scrobbling uses.
 */
let undici: Promise<typeof import('undici')> | null = null;

type CallInit = { method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string };

async function call(
  service: string,
  url: string,
  init: CallInit,
  timeoutMs: number,
): Promise<{ status: number; body: unknown }> {
  undici ??= import('undici');
  const { request } = await undici;
  const signal = AbortSignal.timeout(timeoutMs);
  let status: number;
  let text: string;
  try {
    const response = await request(url, {
      method: init.method ?? 'GET',
      headers: init.headers,
      body: init.body,
      signal,
    });
    status = response.statusCode;
    text = await response.body.text();
  } catch {
    throw new ScrobbleServiceError(
      `${service}: ${signal.aborted ? `no answer in ${timeoutMs} ms` : 'cannot be reached'}`,
    );
  }
  try {
    return { status, body: JSON.parse(text) };
  } catch {
    return { status, body: null };
  }
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** ListenBrainz's `track_metadata` of a track (what both "playing now" and a listen carry). */
const listenBrainzMetadata = (track: ScrobbledTrack) => ({
  artist_name: track.artist,
  track_name: track.track,
  ...(track.album ? { release_name: track.album } : {}),
  additional_info: {
    submission_client: 'Cadence',
    ...(track.duration_ms ? { duration_ms: track.duration_ms } : {}),
  },
});

/**
 * One listen as ListenBrainz's `submit-listens` payload holds it, as JSON text: the outbox stores it
 * when the listen is queued (`scrobble_outbox.listen`), so a batch's body is these texts joined.
 */
export const encodeListenBrainzListen = (listen: Listen): string =>
  JSON.stringify({
    listened_at: seconds(listen.listenedAt),
    track_metadata: listenBrainzMetadata(listen.track),
  });

/** ListenBrainz's API 1: token header, `validate-token` and `submit-listens`. */
export function createListenBrainzClient(options: { baseUrl: string; timeoutMs: number }) {
  const url = (path: string) => `${options.baseUrl.replace(/\/+$/, '')}/1/${path}`;
  const headers = (token: string) => ({
    authorization: `Token ${token}`,
    'content-type': 'application/json',
  });

  /** `payload`: the listens' JSON texts joined by commas, put into the body as they are (no parse, no stringify). */
  async function submit(token: string, listenType: 'single' | 'import' | 'playing_now', payload: string) {
    const answer = await call(
      'ListenBrainz',
      url('submit-listens'),
      {
        method: 'POST',
        headers: headers(token),
        body: `{"listen_type":"${listenType}","payload":[${payload}]}`,
      },
      options.timeoutMs,
    );
    if (answer.status === 200) return;
    const error = (answer.body as { error?: string } | null)?.error ?? `HTTP ${answer.status}`;
    throw new ScrobbleServiceError(`ListenBrainz: ${error}`, answer.status === 401);
  }
  /**
   * `count` listens encoded by `encodeListenBrainzListen`, joined by commas (the outbox's read joins
   * them): one as `single`, several as `import` (ListenBrainz takes up to 1000 at once).
   */
  const submitJoined = (token: string, listens: string, count: number) =>
    submit(token, count === 1 ? 'single' : 'import', listens);

  return {
    /** The user name the token belongs to, or null when ListenBrainz says it is not valid. */
    async validateToken(token: string): Promise<string | null> {
      const answer = await call(
        'ListenBrainz',
        url('validate-token'),
        { headers: headers(token) },
        options.timeoutMs,
      );
      if (answer.status !== 200) throw new ScrobbleServiceError(`ListenBrainz: HTTP ${answer.status}`);
      const body = answer.body as { valid?: boolean; user_name?: string } | null;
      return body?.valid && body.user_name ? body.user_name : null;
    },
    nowPlaying: (token: string, track: ScrobbledTrack) =>
      submit(token, 'playing_now', JSON.stringify({ track_metadata: listenBrainzMetadata(track) })),
    submit: (token: string, listens: Listen[]) =>
      submitJoined(token, listens.map(encodeListenBrainzListen).join(','), listens.length),
    submitJoined,
  };
}

/** Last.fm's API signature: md5 of the sorted parameters (name then value) and the shared secret. */
export function lastfmSignature(params: Record<string, string>, secret: string): string {
  const text = Object.keys(params)
    .filter((name) => name !== 'format' && name !== 'callback')
    .sort()
    .map((name) => `${name}${params[name]}`)
    .join('');
  return createHash('md5').update(`${text}${secret}`, 'utf8').digest('hex');
}

/** Session key errors: the listener must connect again (Last.fm's 4, 9, 14 and 26 codes). */
const REJECTED_CODES = new Set([4, 9, 14, 26]);

/** Last.fm's API 2.0 with the web authentication flow, every call signed. */
export function createLastfmClient(options: {
  apiUrl: string;
  authUrl: string;
  apiKey: string;
  secret: string;
  timeoutMs: number;
}) {
  async function signedCall(params: Record<string, string>): Promise<Record<string, unknown>> {
    const all = { ...params, api_key: options.apiKey };
    const body = new URLSearchParams({
      ...all,
      api_sig: lastfmSignature(all, options.secret),
      format: 'json',
    }).toString();
    const answer = await call(
      'Last.fm',
      options.apiUrl,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body },
      options.timeoutMs,
    );
    const result = answer.body as { error?: number; message?: string } | null;
    if (result && typeof result.error === 'number')
      throw new ScrobbleServiceError(
        `Last.fm: ${result.message ?? `error ${result.error}`}`,
        REJECTED_CODES.has(result.error),
      );
    if (answer.status !== 200 || !result) throw new ScrobbleServiceError(`Last.fm: HTTP ${answer.status}`);
    return result as Record<string, unknown>;
  }

  const trackParams = (track: ScrobbledTrack, suffix = '') => ({
    [`artist${suffix}`]: track.artist,
    [`track${suffix}`]: track.track,
    ...(track.album ? { [`album${suffix}`]: track.album } : {}),
    ...(track.duration_ms ? { [`duration${suffix}`]: String(Math.round(track.duration_ms / 1000)) } : {}),
  });

  return {
    /** Where the listener allows access; Last.fm sends them back to `callbackUrl` with a token. */
    authorizeUrl(callbackUrl: string): string {
      const url = new URL(options.authUrl);
      url.searchParams.set('api_key', options.apiKey);
      url.searchParams.set('cb', callbackUrl);
      return url.toString();
    },
    async getSession(token: string): Promise<{ name: string; key: string }> {
      const answer = await signedCall({ method: 'auth.getSession', token });
      const session = answer.session as { name?: string; key?: string } | undefined;
      if (!session?.key || !session.name) throw new ScrobbleServiceError('Last.fm: no session in the answer');
      return { name: session.name, key: session.key };
    },
    async nowPlaying(sessionKey: string, track: ScrobbledTrack) {
      await signedCall({ method: 'track.updateNowPlaying', sk: sessionKey, ...trackParams(track) });
    },
    /** Up to 50 scrobbles in one call (Last.fm's batch limit). */
    async scrobble(sessionKey: string, listens: Listen[]) {
      const params: Record<string, string> = { method: 'track.scrobble', sk: sessionKey };
      listens.forEach((listen, index) => {
        Object.assign(params, trackParams(listen.track, `[${index}]`), {
          [`timestamp[${index}]`]: String(seconds(listen.listenedAt)),
        });
      });
      await signedCall(params);
    },
  };
}
