import { parseLrc } from '@cadence/contracts/lrc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actor, type Headers, insertArtist, insertTrack } from '../catalogue/catalogue.test-helper';

let t: TestApp;
let admin: { id: number; headers: Headers };
let listener: { id: number; headers: Headers };

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, ['admin']);
  listener = await actor(t, ['music.view', 'lyrics.view', 'tags.view']);
});
afterAll(async () => t?.close());

describe('genres', () => {
  it('creates, shows by name with counts, updates and deletes', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/genres',
      headers: admin.headers,
      payload: { name: 'Dream Pop', popularity: 5 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().genre).toMatchObject({ name: 'dream pop', display_name: 'Dream Pop' });
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/v1/genres',
      headers: admin.headers,
      payload: { name: 'dream pop' },
    });
    expect(duplicate.statusCode).toBe(422);

    const artistId = await insertArtist(t, 'Genre Artist');
    const trackId = await insertTrack(t, { name: 'Genre Track', artistId });
    const genreId = created.json().genre.id;
    await t.deps.db
      .insertInto('genreables')
      .values({ genre_id: genreId, genreable_type: 'track', genreable_id: trackId })
      .execute();
    const shown = await t.app.inject({ url: '/api/v1/genres/Dream%20Pop' });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().genre.counts).toEqual({ artists: 0, albums: 0, tracks: 1 });
    const filtered = await t.app.inject({ url: '/api/v1/tracks?genre=dream%20pop' });
    expect(filtered.json().pagination.data.map((track: { id: number }) => track.id)).toEqual([trackId]);

    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/genres/dream%20pop',
      headers: admin.headers,
      payload: { display_name: 'Dreampop' },
    });
    expect(updated.json().genre.display_name).toBe('Dreampop');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/genres/${genreId}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/genres/dream%20pop' })).statusCode).toBe(404);
  });

  it('needs genres.* to write; names are validated', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/genres',
          headers: listener.headers,
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/genres', payload: { name: 'x' } })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/genres/..%2F..%2Fetc' })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/v1/genres?loadCount=users' })).statusCode).toBe(422);
    expect(
      (await t.app.inject({ url: '/api/v1/genres?loadCount=tracks&orderBy=popularity' })).statusCode,
    ).toBe(200);
  });
});

describe('tags', () => {
  it('creates, lists, renames and deletes tags (tags.* permissions)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tags',
      headers: admin.headers,
      payload: { name: 'Rainy Day' },
    });
    expect(created.statusCode).toBe(201);
    const tag = created.json().tag;
    expect(tag).toMatchObject({ name: 'rainy day', type: 'custom' });
    const listed = await t.app.inject({ url: '/api/v1/tags?query=rainy', headers: listener.headers });
    expect(listed.json().pagination.data).toHaveLength(1);
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tags',
      headers: admin.headers,
      payload: { name: 'rainy day' },
    });
    expect(dup.statusCode).toBe(422);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tags/${tag.id}`,
      headers: admin.headers,
      payload: { display_name: 'Rain' },
    });
    expect(renamed.json().tag.display_name).toBe('Rain');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/tags/${tag.id}`, headers: listener.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/tags/${tag.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/tags/${tag.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(404);
  });
});

describe('lyrics', () => {
  it('lets the track owner add synced lyrics and everyone with lyrics.view read them', async () => {
    const owner = await actor(t, ['music.view']);
    const artistId = await insertArtist(t, 'Lyric Artist', owner.id);
    const trackId = await insertTrack(t, { name: 'Sing Along', artistId, ownerId: owner.id });
    const url = `/api/v1/tracks/${trackId}/lyrics`;
    expect((await t.app.inject({ url })).json()).toEqual({ lyrics: null });
    const notLrc = await t.app.inject({
      method: 'PUT',
      url,
      headers: owner.headers,
      payload: { text: 'no tags', synced: true },
    });
    expect(notLrc.statusCode).toBe(422);
    const text = '[00:01.50] Hello\n[00:03.00] World';
    const saved = await t.app.inject({
      method: 'PUT',
      url,
      headers: owner.headers,
      payload: { text, synced: true, language: 'en' },
    });
    expect(saved.statusCode).toBe(200);
    const read = await t.app.inject({ url, headers: listener.headers });
    expect(read.json().lyrics).toMatchObject({ track_id: trackId, synced: true, text });
    expect(parseLrc(read.json().lyrics.text)).toEqual([
      { time_ms: 1500, text: 'Hello' },
      { time_ms: 3000, text: 'World' },
    ]);
    const stranger = await actor(t, ['music.view']);
    expect(
      (await t.app.inject({ method: 'PUT', url, headers: stranger.headers, payload: { text: 'mine' } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url, headers: admin.headers })).statusCode).toBe(200);
    const gone = await t.app.inject({ url });
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ lyrics: null });
  });

  it('answers 200 with null lyrics for a visible track without any, 404 for no track', async () => {
    const artistId = await insertArtist(t, 'Instrumentalist');
    const trackId = await insertTrack(t, { name: 'No Words', artistId });
    const res = await t.app.inject({ url: `/api/v1/tracks/${trackId}/lyrics` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ lyrics: null });
    expect((await t.app.inject({ url: `/api/v1/tracks/${trackId + 10_000}/lyrics` })).statusCode).toBe(404);
  });

  it('hides lyrics of private tracks (404)', async () => {
    const artistId = await insertArtist(t, 'Private Lyricist');
    const trackId = await insertTrack(t, { name: 'Diary', artistId, visibility: 'private' });
    await t.deps.db.insertInto('lyrics').values({ track_id: trackId, text: 'secret' }).execute();
    expect((await t.app.inject({ url: `/api/v1/tracks/${trackId}/lyrics` })).statusCode).toBe(404);
  });
});
