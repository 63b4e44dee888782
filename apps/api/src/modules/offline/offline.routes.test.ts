import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  actor,
  type Headers,
  insertAlbum,
  insertArtist,
  insertTrack,
} from '../catalogue/catalogue.test-helper';

let t: TestApp;
let saver: { id: number; headers: Headers };
let streamer: { id: number; headers: Headers };
let albumId: number;
let publicIds: number[];
let privateId: number;

const manifest = (path: string, headers: Headers) =>
  t.app.inject({ url: `/api/v1/offline/${path}`, headers });

beforeAll(async () => {
  t = await createTestApp();
  saver = await actor(t, [
    'music.view',
    'music.play',
    'music.download',
    'playlists.create',
    'playlists.view',
  ]);
  streamer = await actor(t, ['music.view', 'music.play', 'playlists.create', 'playlists.view']);
  const artistId = await insertArtist(t, 'Offline Artist');
  albumId = await insertAlbum(t, 'Offline Album', artistId);
  publicIds = [
    await insertTrack(t, { name: 'Side A', artistId, albumId, number: 1, src: 'storage/a.mp3' }),
    await insertTrack(t, { name: 'Side B', artistId, albumId, number: 2, src: 'storage/b.mp3' }),
  ];
  privateId = await insertTrack(t, {
    name: 'Demo',
    artistId,
    albumId,
    number: 3,
    src: 'storage/demo.mp3',
    visibility: 'private',
  });
  // A track without any audio (no file, no source) has nothing to keep.
  await insertTrack(t, { name: 'Silent', artistId, albumId, number: 4 });
});
afterAll(async () => t?.close());

describe('offline download manifests (issue 37)', () => {
  it("lists an album's playable tracks, never its private ones, for music.download only", async () => {
    const response = await manifest(`album/${albumId}`, saver.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json().manifest;
    expect(body).toMatchObject({ type: 'album', id: albumId, name: 'Offline Album' });
    expect(body.tracks.map((track: { id: number }) => track.id)).toEqual(publicIds);
    expect(body.tracks[0].stream_url).toBe(`/api/v1/tracks/${publicIds[0]}/stream`);
    expect(body.tracks.map((track: { id: number }) => track.id)).not.toContain(privateId);

    expect((await manifest(`album/${albumId}`, streamer.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/v1/offline/album/${albumId}` })).statusCode).toBe(401);
  });

  it("gives a playlist's tracks to those who may open it, and 404 for someone else's private one", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/playlists',
      headers: streamer.headers,
      payload: { name: 'Train', public: false },
    });
    const playlistId = created.json().playlist.id as number;
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/playlists/${playlistId}/tracks`,
      headers: streamer.headers,
      payload: { track_ids: [publicIds[1], publicIds[0]] },
    });
    expect((await manifest(`playlist/${playlistId}`, saver.headers)).statusCode).toBe(404);

    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/v1/playlists',
      headers: saver.headers,
      payload: { name: 'Commute' },
    });
    const mineId = mine.json().playlist.id as number;
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/playlists/${mineId}/tracks`,
      headers: saver.headers,
      payload: { track_ids: [publicIds[1], publicIds[0]] },
    });
    const body = (await manifest(`playlist/${mineId}`, saver.headers)).json().manifest;
    expect(body).toMatchObject({ type: 'playlist', id: mineId, name: 'Commute' });
    expect(body.tracks.map((track: { id: number }) => track.id)).toEqual([publicIds[1], publicIds[0]]);
  });

  it('answers 422 for an unknown collection type or id and 404 for a missing album', async () => {
    const wrongType = await manifest(`artist/${albumId}`, saver.headers);
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors).toHaveProperty('type');
    expect((await manifest('album/abc', saver.headers)).statusCode).toBe(422);
    expect((await manifest('album/999999', saver.headers)).statusCode).toBe(404);
  });
});
