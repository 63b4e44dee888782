import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actor, type Headers, insertArtist, insertTrack } from '../catalogue/catalogue.test-helper';

let t: TestApp;
let owner: { id: number; headers: Headers };
let friend: { id: number; headers: Headers };
let stranger: { id: number; headers: Headers };
let trackIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await actor(t, ['playlists.create', 'playlists.view']);
  friend = await actor(t, ['playlists.create', 'playlists.view', 'users.view']);
  stranger = await actor(t, ['playlists.create', 'playlists.view']);
  const artistId = await insertArtist(t, 'Playlist Artist');
  trackIds = [];
  for (const name of ['One', 'Two', 'Three', 'Four']) trackIds.push(await insertTrack(t, { name, artistId }));
});
afterAll(async () => t?.close());

async function createPlaylist(payload: Record<string, unknown>, headers = owner.headers) {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/playlists', headers, payload });
  expect(response.statusCode).toBe(201);
  return response.json().playlist as { id: number };
}

const order = async (id: number, headers: Headers = owner.headers) =>
  (await t.app.inject({ url: `/api/v1/playlists/${id}?with=tracks`, headers }))
    .json()
    .playlist.tracks.map((track: { id: number }) => track.id);

describe('playlists', () => {
  it('adds tracks once each, removes and reorders them', async () => {
    const playlist = await createPlaylist({ name: 'Road Trip' });
    const [a, b, c, d] = trackIds as [number, number, number, number];
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/v1/playlists/${playlist.id}/tracks`,
      headers: owner.headers,
      payload: { track_ids: [a, b, c, a] },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().playlist.counts).toEqual({ tracks: 3 });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/playlists/${playlist.id}/tracks`,
      headers: owner.headers,
      payload: { track_ids: [b, d] },
    });
    expect(await order(playlist.id)).toEqual([a, b, c, d]);

    const reordered = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/playlists/${playlist.id}/tracks/order`,
      headers: owner.headers,
      payload: { track_ids: [d, c, b, a] },
    });
    expect(reordered.statusCode).toBe(200);
    expect(await order(playlist.id)).toEqual([d, c, b, a]);

    for (const bad of [
      [d, c, b],
      [d, c, b, a, 999],
      [d, d, b, a],
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/playlists/${playlist.id}/tracks/order`,
        headers: owner.headers,
        payload: { track_ids: bad },
      });
      expect(response.statusCode).toBe(422);
    }
    const oversized = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/playlists/${playlist.id}/tracks/order`,
      headers: owner.headers,
      payload: { track_ids: Array.from({ length: 5001 }, (_, i) => i + 1) },
    });
    expect(oversized.statusCode).toBe(422);
    expect(await order(playlist.id)).toEqual([d, c, b, a]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/playlists/${playlist.id}/tracks`,
      headers: owner.headers,
      payload: { track_ids: [c] },
    });
    expect(removed.statusCode).toBe(200);
    expect(await order(playlist.id)).toEqual([d, b, a]);
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/v1/playlists/${playlist.id}/tracks`,
      headers: owner.headers,
      payload: { track_ids: [987_654] },
    });
    expect(missing.statusCode).toBe(422);
  });

  it('keeps private playlists private and lets only the owner manage', async () => {
    const playlist = await createPlaylist({ name: 'Diary', public: false });
    expect(
      (await t.app.inject({ url: `/api/v1/playlists/${playlist.id}`, headers: stranger.headers })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/playlists/${playlist.id}` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/v1/playlists/${playlist.id}`, headers: owner.headers })).statusCode,
    ).toBe(200);
    const list = await t.app.inject({ url: '/api/v1/playlists?perPage=100' });
    expect(list.json().pagination.data.map((p: { id: number }) => p.id)).not.toContain(playlist.id);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/playlists/${playlist.id}`,
      headers: stranger.headers,
      payload: { name: 'X' },
    });
    // A refused write on a playlist the caller cannot see is the GET's 404, echoing nothing.
    expect(edit.statusCode).toBe(404);
    expect(edit.body).not.toContain('Diary');
    for (const write of [
      {
        method: 'POST',
        url: `/api/v1/playlists/${playlist.id}/collaborators`,
        payload: { user_id: stranger.id },
      },
      { method: 'DELETE', url: `/api/v1/playlists/${playlist.id}/collaborators/${stranger.id}` },
      { method: 'DELETE', url: `/api/v1/playlists/${playlist.id}/collaborators/${friend.id}` },
      {
        method: 'POST',
        url: `/api/v1/playlists/${playlist.id}/tracks`,
        payload: { track_ids: trackIds.slice(0, 1) },
      },
    ] as const) {
      const answer = await t.app.inject({ ...write, headers: stranger.headers });
      expect(answer.statusCode, `${write.method} ${write.url}`).toBe(404);
      expect(answer.body).not.toContain('Diary');
    }
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/playlists/${playlist.id}`,
      headers: owner.headers,
      payload: { name: 'Journal' },
    });
    expect(renamed.json().playlist).toMatchObject({ name: 'Journal', slug: 'journal' });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/playlists/${playlist.id}`,
          headers: stranger.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/playlists/${playlist.id}`,
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('lets collaborators edit tracks of collaborative playlists only', async () => {
    const playlist = await createPlaylist({ name: 'Shared', collaborative: true, public: false });
    const add = (headers: Headers) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/playlists/${playlist.id}/tracks`,
        headers,
        payload: { track_ids: [trackIds[0]] },
      });
    expect((await add(friend.headers)).statusCode).toBe(404);
    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/v1/playlists/${playlist.id}/collaborators`,
      headers: owner.headers,
      payload: { user_id: friend.id },
    });
    expect(invited.statusCode).toBe(200);
    expect(invited.json().playlist.editors).toEqual([expect.objectContaining({ id: friend.id })]);
    expect((await add(friend.headers)).statusCode).toBe(200);
    const byFriend = await t.app.inject({
      method: 'POST',
      url: `/api/v1/playlists/${playlist.id}/collaborators`,
      headers: friend.headers,
      payload: { user_id: stranger.id },
    });
    expect(byFriend.statusCode).toBe(403);
    const mine = await t.app.inject({ url: `/api/v1/users/${friend.id}/playlists`, headers: friend.headers });
    expect(mine.json().pagination.data.map((p: { id: number }) => p.id)).toContain(playlist.id);
    const leave = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/playlists/${playlist.id}/collaborators/${friend.id}`,
      headers: friend.headers,
    });
    expect(leave.statusCode).toBe(200);
    expect((await add(friend.headers)).statusCode).toBe(404);
  });

  it('enforces the playlists.create count restriction and needs a login', async () => {
    const limited = await actor(t, []);
    const permission = await t.deps.db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'playlists.create')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('permissionables')
      .values({
        permission_id: permission.id,
        permissionable_type: 'user',
        permissionable_id: limited.id,
        restrictions: JSON.stringify([{ name: 'count', value: 1 }]),
      })
      .execute();
    await createPlaylist({ name: 'Only one' }, limited.headers);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/playlists',
      headers: limited.headers,
      payload: { name: 'Two' },
    });
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toMatch(/up to 1 playlists/);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/playlists', payload: { name: 'Guest' } }))
        .statusCode,
    ).toBe(401);
    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/v1/playlists',
      headers: owner.headers,
      payload: { name: '' },
    });
    expect(blank.statusCode).toBe(422);
  });
});
