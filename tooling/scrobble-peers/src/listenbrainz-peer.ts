import { createWaiters, jsonReply, type PeerRequest, servePeer } from './peer-server';

export type Listen = {
  listened_at?: number;
  track_metadata: {
    artist_name: string;
    track_name: string;
    release_name?: string;
    additional_info?: Record<string, unknown>;
  };
};
export type Submission = { user: string; listen_type: 'single' | 'playing_now' | 'import'; listen: Listen };

/**
 * ListenBrainz's `GET /1/validate-token` and `POST /1/submit-listens`, with its token header
 * (`Authorization: Token ...`) and its payload rules. `tokens` maps a user token to a user name.
 */
export async function startListenBrainzPeer(options: { tokens: Record<string, string> }) {
  const submissions: Submission[] = [];
  /** Listens kept so far: what the waiters check after every submission (a filter of all was O(n)). */
  let kept = 0;
  const waiters = createWaiters();
  const userOf = (request: PeerRequest) => {
    const header = request.headers.authorization ?? '';
    const match = /^Token\s+(\S+)$/i.exec(header);
    return match ? options.tokens[match[1] as string] : undefined;
  };
  const peer = await servePeer((request) => {
    if (request.method === 'GET' && request.path === '/1/validate-token') {
      const user = userOf(request);
      return jsonReply(
        200,
        user
          ? { code: 200, message: 'Token valid.', valid: true, user_name: user }
          : { code: 200, message: 'Token invalid.', valid: false },
      );
    }
    if (request.method === 'POST' && request.path === '/1/submit-listens') {
      const user = userOf(request);
      if (!user) return jsonReply(401, { code: 401, error: 'Invalid authorization token.' });
      let body: { listen_type?: unknown; payload?: unknown };
      try {
        body = JSON.parse(request.raw);
      } catch {
        return jsonReply(400, { code: 400, error: 'Cannot parse JSON document.' });
      }
      const type = body.listen_type;
      if (type !== 'single' && type !== 'playing_now' && type !== 'import')
        return jsonReply(400, { code: 400, error: 'JSON document must contain listen_type.' });
      if (!Array.isArray(body.payload) || body.payload.length === 0)
        return jsonReply(400, { code: 400, error: 'JSON document must contain payload.' });
      if (type !== 'import' && body.payload.length !== 1)
        return jsonReply(400, {
          code: 400,
          error: `JSON document should contain exactly one listen for ${type}.`,
        });
      if (body.payload.length > 1000)
        return jsonReply(400, { code: 400, error: 'Too many listens: 1000 at most.' });
      for (const listen of body.payload as Listen[]) {
        const meta = listen?.track_metadata;
        if (!meta?.artist_name || !meta.track_name)
          return jsonReply(400, { code: 400, error: 'artist_name and track_name are required.' });
        if (type === 'playing_now' && listen.listened_at !== undefined)
          return jsonReply(400, { code: 400, error: 'playing_now listens must not have listened_at.' });
        if (type !== 'playing_now' && !Number.isInteger(listen.listened_at))
          return jsonReply(400, { code: 400, error: 'listened_at is required.' });
      }
      for (const listen of body.payload as Listen[]) submissions.push({ user, listen_type: type, listen });
      if (type !== 'playing_now') kept += body.payload.length;
      waiters.notify();
      return jsonReply(200, { status: 'ok' });
    }
    return jsonReply(404, { code: 404, error: 'Not found' });
  });
  const stored = () => submissions.filter((entry) => entry.listen_type !== 'playing_now');
  return {
    ...peer,
    submissions,
    /** Listens kept (single and import), not the "playing now" ones. */
    listens: stored,
    /** How many listens were kept, without copying them. */
    listenCount: () => kept,
    nowPlaying: () => submissions.filter((entry) => entry.listen_type === 'playing_now'),
    waitForListens: (count: number) => waiters.until(() => kept >= count),
    waitForNowPlaying: (count: number) =>
      waiters.until(() => submissions.filter((entry) => entry.listen_type === 'playing_now').length >= count),
  };
}

export type ListenBrainzPeer = Awaited<ReturnType<typeof startListenBrainzPeer>>;
