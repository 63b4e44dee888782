import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LastfmPeer, lastfmSignature, startLastfmPeer } from './lastfm-peer';
import { type ListenBrainzPeer, startListenBrainzPeer } from './listenbrainz-peer';

describe('the ListenBrainz peer', () => {
  let peer: ListenBrainzPeer;
  beforeAll(async () => {
    peer = await startListenBrainzPeer({ tokens: { 'good-token': 'listener' } });
  });
  afterAll(async () => peer?.close());

  const call = (path: string, token: string, body?: unknown) =>
    fetch(`${peer.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });

  it('knows its tokens and refuses the others', async () => {
    expect(await (await call('/1/validate-token', 'good-token')).json()).toMatchObject({
      valid: true,
      user_name: 'listener',
    });
    const unknown = await call('/1/submit-listens', 'bad-token', { listen_type: 'single', payload: [] });
    expect(unknown.status).toBe(401);
  });

  it('keeps single listens apart from "playing now" and refuses a listen without its time', async () => {
    const meta = { track_metadata: { artist_name: 'Artist', track_name: 'Song' } };
    expect(
      (await call('/1/submit-listens', 'good-token', { listen_type: 'playing_now', payload: [meta] })).status,
    ).toBe(200);
    const missingTime = await call('/1/submit-listens', 'good-token', {
      listen_type: 'single',
      payload: [meta],
    });
    expect(missingTime.status).toBe(400);
    const listen = { ...meta, listened_at: 1_764_000_000 };
    expect(
      (await call('/1/submit-listens', 'good-token', { listen_type: 'single', payload: [listen] })).status,
    ).toBe(200);
    await peer.waitForListens(1);
    expect(peer.listens()).toEqual([{ user: 'listener', listen_type: 'single', listen }]);
    expect(peer.nowPlaying()).toHaveLength(1);
  });
});

describe('the Last.fm peer', () => {
  const apiKey = 'peer-key';
  const secret = 'peer-secret';
  let peer: LastfmPeer;
  beforeAll(async () => {
    peer = await startLastfmPeer({ apiKey, secret, users: ['fm-listener'] });
  });
  afterAll(async () => peer?.close());

  const post = (params: Record<string, string>, sign = secret) =>
    fetch(`${peer.url}/2.0/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...params, api_sig: lastfmSignature(params, sign), format: 'json' }),
    }).then((response) => response.json());

  it('checks the API signature, then trades an approved token for a session once', async () => {
    const token = peer.approve();
    expect(await post({ method: 'auth.getSession', api_key: apiKey, token }, 'wrong-secret')).toMatchObject({
      error: 13,
    });
    const session = await post({ method: 'auth.getSession', api_key: apiKey, token });
    expect(session).toMatchObject({ session: { name: 'fm-listener' } });
    expect(await post({ method: 'auth.getSession', api_key: apiKey, token })).toMatchObject({ error: 4 });

    const sk = (session as { session: { key: string } }).session.key;
    const scrobbled = await post({
      method: 'track.scrobble',
      api_key: apiKey,
      sk,
      'artist[0]': 'Artist',
      'track[0]': 'Song',
      'timestamp[0]': '1764000000',
    });
    expect(scrobbled).not.toHaveProperty('error');
    await peer.waitForScrobbles(1);
    expect(peer.scrobbles[0]).toMatchObject({ user: 'fm-listener', artist: 'Artist', track: 'Song' });
  });
});
