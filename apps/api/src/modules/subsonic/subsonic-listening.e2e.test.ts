import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SubsonicAPI } from 'subsonic-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { insertAlbum, insertArtist, insertTrack } from '../catalogue/catalogue.test-helper';
import { encryptSecret } from '../settings/settings-crypto';
import { generateAppPassword } from './app-password.service';
import { upsertCredentials } from './subsonic-credentials.repository';

/**
 * End to end without a browser: a Subsonic app (the `subsonic-api` client, over real HTTP to a
 * listening server) plays a track with a range request, stars it and scrobbles it; the web
 * player's own API, with the same person's session cookie, then shows the like and the play.
 */
const BYTES = Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7) % 256));

let t: TestApp;
let base: string;
let trackId: number;
let userId: number;
let password: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await t.deps.cache.deletePrefix('');
  const dir = path.join(t.env.DATA_DIR, 'storage', 'e2e');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'tune.mp3'), BYTES);
  const artist = await insertArtist(t, 'Harbour Lights');
  const album = await insertAlbum(t, 'Tidal', artist);
  trackId = await insertTrack(t, {
    name: 'Low Tide',
    artistId: artist,
    albumId: album,
    src: 'e2e/tune.mp3',
    duration: 120_000,
  });
  userId = await createTestUser(t.deps, {
    email: 'commuter@example.com',
    permissions: ['music.view', 'music.play', 'users.view'],
  });
  password = generateAppPassword();
  await upsertCredentials(t.deps.db, userId, { app_password: encryptSecret(password, t.deps.appKey) });
}, 240_000);
afterAll(async () => t?.close());

/** The web player's API as the browser calls it: the session cookie, over the same socket. */
async function web(pathname: string) {
  const { cookie } = await t.sessionCookie(userId);
  const response = await fetch(`${base}${pathname}`, { headers: { cookie, accept: 'application/json' } });
  expect(response.status, pathname).toBe(200);
  return response.json() as Promise<Record<string, unknown>>;
}

describe('a Subsonic app and the web player share one listening history', () => {
  it('stream with a range, star and scrobble; the web API shows the like and the play', async () => {
    // An app seeking into the track: its fetch asks for a byte range.
    const ranged = new SubsonicAPI({
      url: base,
      auth: { username: 'commuter@example.com', password },
      fetch: (input, init) =>
        fetch(input, { ...init, headers: { ...init?.headers, range: 'bytes=1000-1999' } }),
    });
    const audio = await ranged.stream({ id: `tr-${trackId}` });
    expect(audio.status).toBe(206);
    expect(audio.headers.get('content-range')).toBe(`bytes 1000-1999/${BYTES.length}`);
    expect(Buffer.from(await audio.arrayBuffer()).equals(BYTES.subarray(1000, 2000))).toBe(true);

    const app = new SubsonicAPI({
      url: base,
      auth: { username: 'commuter@example.com', password },
      post: true,
    });
    expect((await app.star({ id: `tr-${trackId}` })).status).toBe('ok');
    expect((await app.scrobble({ id: `tr-${trackId}`, submission: true })).status).toBe('ok');

    const liked = await web(`/api/v1/users/me/liked-ids?type=track&ids=${trackId}`);
    expect(liked.ids).toEqual([trackId]);
    const likedTracks = (await web('/api/v1/users/me/liked-tracks')) as {
      pagination: { data: { id: number }[] };
    };
    expect(likedTracks.pagination.data.map((track) => track.id)).toEqual([trackId]);
    const history = (await web('/api/v1/users/me/history')) as {
      pagination: { data: { track: { id: number; name: string }; played_at: string }[] };
    };
    expect(history.pagination.data).toHaveLength(1);
    expect(history.pagination.data[0]?.track).toMatchObject({ id: trackId, name: 'Low Tide' });
    const plays = await t.deps.db
      .selectFrom('plays')
      .select(['source', 'user_id'])
      .where('track_id', '=', trackId)
      .execute();
    expect(plays).toEqual([{ source: 'api', user_id: userId }]);
  });
});
