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
let creator: { id: number; headers: Headers };
let stranger: { id: number; headers: Headers };
let editor: { id: number; headers: Headers };
let artistId: number;

beforeAll(async () => {
  t = await createTestApp();
  creator = await actor(t, ['music.create', 'music.view']);
  stranger = await actor(t, ['music.create', 'music.view']);
  editor = await actor(t, ['music.update', 'music.delete', 'music.view']);
  artistId = await insertArtist(t, 'Night Owls', creator.id);
});
afterAll(async () => t?.close());

describe('tracks CRUD', () => {
  it('creates a track under a managed artist, with genres and tags, and shows it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tracks',
      headers: creator.headers,
      payload: {
        name: 'Midnight Café',
        artist_ids: [artistId],
        duration: 200_000,
        genres: ['Lo-Fi'],
        tags: ['chill'],
      },
    });
    expect(created.statusCode).toBe(201);
    const track = created.json().track;
    expect(track).toMatchObject({
      name: 'Midnight Café',
      slug: 'midnight-cafe',
      owner_id: creator.id,
      visibility: 'public',
      artists: [{ id: artistId, name: 'Night Owls' }],
      genres: [{ name: 'lo-fi', display_name: 'Lo-Fi' }],
      tags: [{ name: 'chill' }],
      stream_url: null,
    });
    const shown = await t.app.inject({
      url: `/api/v1/tracks/${track.id}?with=genres&loadCount=likes,comments`,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().track.counts).toEqual({ likes: 0, comments: 0 });
  });

  it('refuses crediting an artist the user does not manage, but lets editors', async () => {
    const payload = { name: 'Borrowed', artist_ids: [artistId] };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tracks',
      headers: stranger.headers,
      payload,
    });
    expect(refused.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tracks',
      headers: creator.headers,
      payload: { name: 'Ghost', artist_ids: [999_999] },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.artist_ids).toBeDefined();
  });

  it('validates input with 422 and field errors', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tracks',
      headers: creator.headers,
      payload: { name: '', artist_ids: [], src: 'file:///etc/passwd' },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(
      expect.arrayContaining(['name', 'artist_ids', 'src']),
    );
  });

  it('lets owners and music.update edit, others get 403; guests 401', async () => {
    const id = await insertTrack(t, { name: 'Editable', artistId, ownerId: creator.id });
    const own = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tracks/${id}`,
      headers: creator.headers,
      payload: { name: 'Edited', explicit: true },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().track).toMatchObject({ name: 'Edited', explicit: true });
    const other = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tracks/${id}`,
      headers: stranger.headers,
      payload: { name: 'Hijack' },
    });
    expect(other.statusCode).toBe(403);
    const guest = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tracks/${id}`,
      payload: { name: 'Hijack' },
    });
    expect([401, 403]).toContain(guest.statusCode);
    const byEditor = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tracks/${id}`,
      headers: editor.headers,
      payload: { visibility: 'unlisted' },
    });
    expect(byEditor.json().track.visibility).toBe('unlisted');
    const row = await t.deps.db
      .selectFrom('tracks')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Edited');
  });

  it('hides private tracks from everyone but their managers (404, not 403)', async () => {
    const id = await insertTrack(t, {
      name: 'Secret Demo',
      artistId,
      ownerId: creator.id,
      visibility: 'private',
    });
    expect((await t.app.inject({ url: `/api/v1/tracks/${id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/tracks/${id}`, headers: stranger.headers })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: `/api/v1/tracks/${id}`, headers: creator.headers })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: `/api/v1/tracks/${id}`, headers: editor.headers })).statusCode).toBe(
      200,
    );
    const list = await t.app.inject({ url: '/api/v1/tracks?perPage=100' });
    expect(list.json().pagination.data.map((track: { id: number }) => track.id)).not.toContain(id);
  });

  it('answers a refused edit or delete of a private track with the same 404, echoing nothing', async () => {
    const id = await insertTrack(t, {
      name: 'Vault Take',
      artistId,
      ownerId: creator.id,
      visibility: 'private',
    });
    for (const method of ['PUT', 'DELETE'] as const) {
      const answer = await t.app.inject({
        method,
        url: `/api/v1/tracks/${id}`,
        headers: stranger.headers,
        payload: method === 'PUT' ? { name: 'Mine now' } : undefined,
      });
      expect(answer.statusCode, method).toBe(404);
      expect(answer.body).not.toContain('Vault');
    }
    const kept = await t.deps.db.selectFrom('tracks').select('name').where('id', '=', id).executeTakeFirst();
    expect(kept?.name).toBe('Vault Take');
  });

  it('deletes with ownership and cleans likes', async () => {
    const id = await insertTrack(t, { name: 'Doomed', artistId, ownerId: creator.id });
    await t.deps.db
      .insertInto('likes')
      .values({ user_id: stranger.id, likeable_type: 'track', likeable_id: id })
      .execute();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/tracks/${id}`, headers: stranger.headers }))
        .statusCode,
    ).toBe(403);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tracks/${id}`,
      headers: creator.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/v1/tracks/${id}` })).statusCode).toBe(404);
    const likes = await t.deps.db.selectFrom('likes').selectAll().where('likeable_id', '=', id).execute();
    expect(likes).toHaveLength(0);
  });

  it('enforces the music.create minutes restriction', async () => {
    const limited = await actor(t, ['music.view']);
    const permission = await t.deps.db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'music.create')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('permissionables')
      .values({
        permission_id: permission.id,
        permissionable_type: 'user',
        permissionable_id: limited.id,
        restrictions: JSON.stringify([
          { name: 'minutes', value: 1 },
          { name: 'artist_selection', value: 1 },
        ]),
      })
      .execute();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tracks',
      headers: limited.headers,
      payload: { name: 'Long one', artist_ids: [artistId], duration: 59_000 },
    });
    expect(first.statusCode).toBe(201);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tracks',
      headers: limited.headers,
      payload: { name: 'Over quota', artist_ids: [artistId], duration: 2_000 },
    });
    expect(second.statusCode).toBe(403);
    // An upload that would pass the limit is refused, and the message names the limit.
    expect(second.json().message).toMatch(/limit of 1 minutes of audio/);
  });
});

describe('track lists', () => {
  it('paginates, filters and orders with the allow-lists', async () => {
    const other = await insertArtist(t, 'Filter Artist');
    const albumId = await insertAlbum(t, 'Filter Album', other);
    await insertTrack(t, { name: 'Zeta', artistId: other, albumId, number: 2 });
    await insertTrack(t, { name: 'Alpha', artistId: other, albumId, number: 1 });
    const response = await t.app.inject({
      url: `/api/v1/tracks?artistId=${other}&orderBy=name&orderDir=asc&perPage=1`,
    });
    expect(response.statusCode).toBe(200);
    const { pagination } = response.json();
    expect(pagination).toMatchObject({ current_page: 1, per_page: 1, total: 2, last_page: 2 });
    expect(pagination.data[0]).toMatchObject({ name: 'Alpha', album: { id: albumId, name: 'Filter Album' } });
    const search = await t.app.inject({ url: '/api/v1/tracks?query=zet' });
    expect(search.json().pagination.data.map((track: { name: string }) => track.name)).toContain('Zeta');
  });

  it.each([
    ['with=owner', 'with'],
    ['loadCount=secrets', 'loadCount'],
    ['load=password', 'load'],
    ['orderBy=password', 'orderBy'],
    ['page=0', 'page'],
    ['perPage=1000', 'perPage'],
    ['page=-1', 'page'],
  ])('rejects %s with 422', async (query, field) => {
    const response = await t.app.inject({ url: `/api/v1/tracks?${query}` });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toBeDefined();
  });

  it.each(['abc', '..%2F..%2Fetc', '-1', '1.5', '0', '99999999999999999999'])(
    'rejects the id %s with 422',
    async (id) => {
      const response = await t.app.inject({ url: `/api/v1/tracks/${id}` });
      expect(response.statusCode).toBe(422);
    },
  );

  it('404s a missing track', async () => {
    expect((await t.app.inject({ url: '/api/v1/tracks/987654' })).statusCode).toBe(404);
  });
});

describe('api docs', () => {
  it('documents the catalogue endpoints', async () => {
    const response = await t.app.inject({ url: '/api-docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/v1/artists/{id}',
      '/api/v1/albums/{id}',
      '/api/v1/tracks/{id}',
      '/api/v1/playlists/{id}',
      '/api/v1/genres/{name}',
      '/api/v1/users/{id}/profile',
      '/api/v1/tracks/{id}/stream',
      '/api/v1/tracks/{id}/lyrics',
      '/api/v1/tracks/{id}/wave',
      '/api/v1/tracks/{id}/plays',
      '/api/v1/users/me/likes',
      '/api/v1/users/{id}/liked-tracks',
      '/api/v1/users/{id}/history',
      '/api/v1/comments',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
