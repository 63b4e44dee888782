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
let fan: { id: number; headers: Headers };
let other: { id: number; headers: Headers };
let artistId: number;
let albumId: number;
let trackId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.services.settings.save({ client: { 'player.enable_repost': true } });
  fan = await actor(t, ['users.view', 'music.view']);
  other = await actor(t, ['users.view', 'music.view']);
  artistId = await insertArtist(t, 'Library Artist');
  albumId = await insertAlbum(t, 'Library Album', artistId);
  trackId = await insertTrack(t, { name: 'Library Track', artistId, albumId });
});
afterAll(async () => t?.close());

const toggle = (method: 'POST' | 'DELETE', path: string, payload: object, headers?: Headers) =>
  t.app.inject({ method, url: `/api/v1/users/me/${path}`, payload, ...(headers ? { headers } : {}) });

describe('likes, reposts and follows', () => {
  it('likes idempotently and lists the library', async () => {
    const body = { likeable_type: 'track', likeable_id: trackId };
    const first = await toggle('POST', 'likes', body, fan.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ state: true, count: 1 });
    expect((await toggle('POST', 'likes', body, fan.headers)).json()).toEqual({ state: true, count: 1 });
    await toggle('POST', 'likes', { likeable_type: 'album', likeable_id: albumId }, fan.headers);
    await toggle('POST', 'likes', { likeable_type: 'artist', likeable_id: artistId }, fan.headers);

    const tracks = await t.app.inject({ url: '/api/v1/users/me/liked-tracks', headers: fan.headers });
    expect(tracks.json().pagination.data.map((track: { id: number }) => track.id)).toEqual([trackId]);
    const albums = await t.app.inject({ url: `/api/v1/users/${fan.id}/liked-albums` });
    expect(albums.json().pagination.data[0]).toMatchObject({ id: albumId, artists: [{ id: artistId }] });
    const artists = await t.app.inject({ url: `/api/v1/users/${fan.id}/liked-artists` });
    expect(artists.json().pagination.total).toBe(1);

    expect((await toggle('DELETE', 'likes', body, fan.headers)).json()).toEqual({ state: false, count: 0 });
    expect((await toggle('DELETE', 'likes', body, fan.headers)).json()).toEqual({ state: false, count: 0 });
  });

  it('refuses guests (401), unknown types (422) and missing or private targets (404)', async () => {
    expect((await toggle('POST', 'likes', { likeable_type: 'track', likeable_id: trackId })).statusCode).toBe(
      401,
    );
    expect(
      (await toggle('POST', 'likes', { likeable_type: 'user', likeable_id: 1 }, fan.headers)).statusCode,
    ).toBe(422);
    expect(
      (await toggle('POST', 'likes', { likeable_type: 'track', likeable_id: 999_999 }, fan.headers))
        .statusCode,
    ).toBe(404);
    const hidden = await insertTrack(t, {
      name: 'Hidden',
      artistId,
      ownerId: other.id,
      visibility: 'private',
    });
    expect(
      (await toggle('POST', 'likes', { likeable_type: 'track', likeable_id: hidden }, fan.headers))
        .statusCode,
    ).toBe(404);
    // A banned user's profile is a 404, so following them is too (nothing of them is echoed).
    const banned = await actor(t, ['users.view']);
    await t.deps.db.updateTable('users').set({ banned_at: new Date() }).where('id', '=', banned.id).execute();
    const follow = await toggle(
      'POST',
      'follows',
      { followable_type: 'user', followable_id: banned.id },
      fan.headers,
    );
    expect(follow.statusCode).toBe(404);
    const privateList = await t.deps.db
      .insertInto('playlists')
      .values({ name: 'Not yours', slug: 'not-yours', owner_id: other.id, public: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const likeList = { likeable_type: 'playlist', likeable_id: privateList.id };
    const liked = await toggle('POST', 'likes', likeList, fan.headers);
    expect(liked.statusCode).toBe(404);
    expect(liked.body).not.toContain('Not yours');
    expect((await t.app.inject({ url: '/api/v1/users/me/liked-tracks' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/users/424242/liked-tracks' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/users/abc/liked-tracks' })).statusCode).toBe(422);
  });

  it('reposts tracks and albums and shows them on the profile', async () => {
    expect(
      (
        await toggle('POST', 'reposts', { repostable_type: 'track', repostable_id: trackId }, fan.headers)
      ).json(),
    ).toEqual({
      state: true,
      count: 1,
    });
    await toggle('POST', 'reposts', { repostable_type: 'album', repostable_id: albumId }, fan.headers);
    const reposts = await t.app.inject({ url: `/api/v1/users/${fan.id}/reposts` });
    const items = reposts.json().pagination.data;
    expect(items.map((item: { repostable_type: string }) => item.repostable_type).sort()).toEqual([
      'album',
      'track',
    ]);
    expect(items.find((item: { track?: { id: number } }) => item.track)?.track.id).toBe(trackId);
    expect(
      (await toggle('POST', 'reposts', { repostable_type: 'artist', repostable_id: artistId }, fan.headers))
        .statusCode,
    ).toBe(422);
  });

  it('refuses new reposts while player.enable_repost is off, but still undoes one', async () => {
    await toggle('POST', 'reposts', { repostable_type: 'track', repostable_id: trackId }, other.headers);
    await t.app.services.settings.save({ client: { 'player.enable_repost': false } });
    try {
      const refused = await toggle(
        'POST',
        'reposts',
        { repostable_type: 'album', repostable_id: albumId },
        other.headers,
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Reposts are turned off.');
      const undone = await toggle(
        'DELETE',
        'reposts',
        { repostable_type: 'track', repostable_id: trackId },
        other.headers,
      );
      expect(undone.statusCode).toBe(200);
      expect(undone.json().state).toBe(false);
    } finally {
      await t.app.services.settings.save({ client: { 'player.enable_repost': true } });
    }
  });

  it('likes and unlikes many tracks in one call, all of them or none', async () => {
    const listener = await actor(t, ['music.view']);
    const ids = [
      await insertTrack(t, { name: 'Batch One', artistId }),
      await insertTrack(t, { name: 'Batch Two', artistId }),
      await insertTrack(t, { name: 'Batch Three', artistId }),
    ];
    const hidden = await insertTrack(t, { name: 'Batch Hidden', artistId, visibility: 'private' });
    const batch = (method: 'POST' | 'DELETE', likeable_ids: number[]) =>
      toggle(method, 'likes/batch', { likeable_type: 'track', likeable_ids }, listener.headers);
    const liked = async () =>
      (
        await t.deps.db
          .selectFrom('likes')
          .select('likeable_id')
          .where('user_id', '=', listener.id)
          .where('likeable_type', '=', 'track')
          .execute()
      )
        .map((row) => Number(row.likeable_id))
        .sort((a, b) => a - b);

    const refused = await batch('POST', [ids[0] as number, hidden]);
    expect(refused.statusCode).toBe(404);
    expect(await liked()).toEqual([]);

    const done = await batch('POST', [...ids, ids[0] as number]);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ state: true, likeable_ids: ids });
    expect(await liked()).toEqual(ids);
    expect((await batch('POST', ids)).statusCode).toBe(200);
    expect(await liked()).toEqual(ids);

    expect((await batch('DELETE', [ids[0] as number, ids[2] as number, hidden])).json()).toEqual({
      state: false,
      likeable_ids: [ids[0], ids[2], hidden],
    });
    expect(await liked()).toEqual([ids[1]]);

    expect((await batch('POST', [])).statusCode).toBe(422);
    expect(
      (
        await batch(
          'POST',
          Array.from({ length: 501 }, (_, index) => index + 1),
        )
      ).statusCode,
    ).toBe(422);
    const guest = await toggle('POST', 'likes/batch', { likeable_type: 'track', likeable_ids: ids });
    expect(guest.statusCode).toBe(401);
  });

  it('follows users and artists, never yourself, with followers and following tabs', async () => {
    expect(
      (
        await toggle('POST', 'follows', { followable_type: 'user', followable_id: other.id }, fan.headers)
      ).json(),
    ).toEqual({
      state: true,
      count: 1,
    });
    await toggle('POST', 'follows', { followable_type: 'user', followable_id: other.id }, fan.headers);
    await toggle('POST', 'follows', { followable_type: 'artist', followable_id: artistId }, fan.headers);
    expect(
      (await toggle('POST', 'follows', { followable_type: 'user', followable_id: fan.id }, fan.headers))
        .statusCode,
    ).toBe(422);

    const followers = await t.app.inject({ url: `/api/v1/users/${other.id}/followers` });
    expect(followers.json().pagination.data).toEqual([
      expect.objectContaining({ id: fan.id, name: 'Test User' }),
    ]);
    const following = await t.app.inject({ url: `/api/v1/users/${fan.id}/following` });
    expect(
      following
        .json()
        .pagination.data.map((item: { type: string }) => item.type)
        .sort(),
    ).toEqual(['artist', 'user']);

    const profile = await t.app.inject({ url: `/api/v1/users/${other.id}/profile`, headers: fan.headers });
    expect(profile.json().profile).toMatchObject({
      is_followed: true,
      counts: { followers: 1, following: 0 },
    });
    const artist = await t.app.inject({ url: `/api/v1/artists/${artistId}?loadCount=followers` });
    expect(artist.json().artist.counts.followers).toBe(1);
  });
});

describe('profiles', () => {
  it('edits your own profile and shows it to others', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/profile',
      headers: other.headers,
      payload: {
        description: 'I make playlists.',
        city: 'Lisbon',
        links: [{ url: 'https://example.com', title: 'Home' }],
      },
    });
    expect(saved.statusCode).toBe(200);
    const shown = await t.app.inject({ url: `/api/v1/users/${other.id}/profile` });
    expect(shown.json().profile).toMatchObject({
      description: 'I make playlists.',
      city: 'Lisbon',
      user: { id: other.id },
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/profile',
      headers: other.headers,
      payload: { links: [{ url: 'ftp://x', title: 'x' }] },
    });
    expect(bad.statusCode).toBe(422);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/v1/users/me/profile', payload: {} })).statusCode,
    ).toBe(401);
  });
});
