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
let admin: { id: number; headers: Headers };
let listener: { id: number; headers: Headers };
let artistUser: { id: number; headers: Headers };
const LISTENER = [
  'music.view',
  'comments.view',
  'comments.create',
  'playlists.view',
  'playlists.create',
  'lyrics.view',
  'tags.view',
];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.services.settings.save({ client: { 'player.track_comments': true } });
  admin = await actor(t, ['admin']);
  listener = await actor(t, LISTENER);
  artistUser = await actor(t, [...LISTENER, 'music.create']);
});
afterAll(async () => t?.close());

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('admin content endpoints', () => {
  it('refuses listeners and artists', async () => {
    for (const who of [listener, artistUser]) {
      for (const url of ['/api/v1/admin/playlists', '/api/v1/admin/lyrics', '/api/v1/admin/comments'])
        expect((await send('GET', url, who.headers)).statusCode).toBe(403);
      expect(
        (await send('POST', '/api/v1/genres/merge', who.headers, { from: 'a', into: 'b' })).statusCode,
      ).toBe(403);
      expect((await send('POST', '/api/v1/comments/1/restore', who.headers)).statusCode).toBe(403);
      expect((await send('DELETE', '/api/v1/tags/1', who.headers)).statusCode).toBe(403);
      expect((await send('DELETE', '/api/v1/genres/1', who.headers)).statusCode).toBe(403);
    }
  });

  it('merges two genres and deleting a genre or tag in use detaches it', async () => {
    const artist = await insertArtist(t, 'Merge Artist');
    const track = await insertTrack(t, { name: 'Merge track', artistId: artist });
    const album = await insertAlbum(t, 'Merge album', artist);
    const genre = async (name: string, popularity: number) =>
      (await send('POST', '/api/v1/genres', admin.headers, { name, popularity })).json().genre.id as number;
    const from = await genre('chillwave', 3);
    const into = await genre('synthwave', 4);
    await t.deps.db
      .insertInto('genreables')
      .values([
        { genre_id: from, genreable_type: 'track', genreable_id: track },
        { genre_id: into, genreable_type: 'track', genreable_id: track },
        { genre_id: from, genreable_type: 'album', genreable_id: album },
      ])
      .execute();
    const same = await send('POST', '/api/v1/genres/merge', admin.headers, {
      from: 'chillwave',
      into: 'Chillwave',
    });
    expect(same.statusCode).toBe(422);
    const merged = await send('POST', '/api/v1/genres/merge', admin.headers, {
      from: 'chillwave',
      into: 'synthwave',
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().genre).toMatchObject({ id: into, popularity: 7 });
    const links = await t.deps.db
      .selectFrom('genreables')
      .selectAll()
      .where('genre_id', 'in', [from, into])
      .execute();
    expect(links.map((l) => `${l.genre_id}:${l.genreable_type}`).sort()).toEqual([
      `${into}:album`,
      `${into}:track`,
    ]);
    expect(
      (await send('POST', '/api/v1/genres/merge', admin.headers, { from: 'chillwave', into: 'synthwave' }))
        .statusCode,
    ).toBe(422);

    expect((await send('DELETE', `/api/v1/genres/${into}`, admin.headers)).statusCode).toBe(200);
    expect(
      await t.deps.db.selectFrom('genreables').select('genre_id').where('genre_id', '=', into).execute(),
    ).toEqual([]);
    expect(
      await t.deps.db.selectFrom('tracks').select('id').where('id', '=', track).executeTakeFirst(),
    ).toBeDefined();

    const tag = (await send('POST', '/api/v1/tags', admin.headers, { name: 'rainy day' })).json().tag
      .id as number;
    await t.deps.db
      .insertInto('taggables')
      .values({ tag_id: tag, taggable_type: 'track', taggable_id: track })
      .execute();
    expect((await send('DELETE', `/api/v1/tags/${tag}`, admin.headers)).statusCode).toBe(200);
    expect(
      await t.deps.db.selectFrom('taggables').select('tag_id').where('tag_id', '=', tag).execute(),
    ).toEqual([]);
  });

  it('lists lyrics and refuses LRC with bad timestamps naming the line', async () => {
    const artist = await insertArtist(t, 'Lyric Artist');
    const track = await insertTrack(t, { name: 'Lyric track', artistId: artist });
    const put = (text: string, synced: boolean) =>
      send('PUT', `/api/v1/tracks/${track}/lyrics`, admin.headers, { text, synced });
    const bad = await put('[ar:Someone]\n[00:01.00] one\n[00:75.00] two\nthree\n[0a:10] four', true);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.text).toEqual([
      'Line 3: [00:75.00] is not a valid timestamp; use [mm:ss.xx].',
      'Line 4 has no timestamp; start it with a time tag like [01:23.45].',
      'Line 5: [0a:10] is not a valid timestamp; use [mm:ss.xx].',
    ]);
    expect((await put('[00:01.00] one\n\n[00:02.50][00:10.00] two', true)).statusCode).toBe(200);
    expect((await put('plain words\nno tags', false)).statusCode).toBe(200);
    const list = await send('GET', '/api/v1/admin/lyrics?query=lyric', admin.headers);
    expect(list.json().pagination.data).toMatchObject([
      { track: { id: track, name: 'Lyric track' }, synced: false, artists: [{ name: 'Lyric Artist' }] },
    ]);
    expect(
      (await send('GET', '/api/v1/admin/lyrics?synced=true&query=lyric', admin.headers)).json().pagination
        .total,
    ).toBe(0);
  });

  it('lists comments newest first, filters by track or user, deletes keeping the thread and restores', async () => {
    const artist = await insertArtist(t, 'Comment Artist');
    const track = await insertTrack(t, { name: 'Commented', artistId: artist });
    const other = await insertTrack(t, { name: 'Other commented', artistId: artist });
    const comment = async (who: { headers: Headers }, trackId: number, content: string, parent_id?: number) =>
      (
        await send('POST', '/api/v1/comments', who.headers, {
          commentable_type: 'track',
          commentable_id: trackId,
          content,
          ...(parent_id ? { parent_id } : {}),
        })
      ).json().comment.id as number;
    const root = await comment(listener, track, 'First!');
    const reply = await comment(admin, track, 'A reply', root);
    await comment(listener, other, 'Elsewhere');
    const list = (await send('GET', `/api/v1/admin/comments?track_id=${track}`, admin.headers)).json()
      .pagination;
    expect(list.data.map((c: { id: number }) => c.id)).toEqual([reply, root]);
    expect(list.data[1]).toMatchObject({ commentable: { id: track, name: 'Commented' }, replies_count: 1 });
    const byUser = (await send('GET', `/api/v1/admin/comments?user_id=${listener.id}`, admin.headers)).json()
      .pagination;
    expect(byUser.total).toBe(2);

    expect((await send('DELETE', `/api/v1/comments/${root}`, admin.headers)).statusCode).toBe(200);
    const thread = (
      await send('GET', `/api/v1/comments?commentable_type=track&commentable_id=${track}`, listener.headers)
    ).json().pagination.data;
    expect(
      thread.map((c: { id: number; deleted: boolean; content: string }) => [c.id, c.deleted, c.content]),
    ).toEqual([
      [root, true, ''],
      [reply, false, 'A reply'],
    ]);
    const marked = (
      await send('GET', `/api/v1/admin/comments?track_id=${track}&deleted=true`, admin.headers)
    ).json();
    expect(marked.pagination.data).toMatchObject([{ id: root, deleted: true, content: 'First!' }]);
    expect((await send('POST', `/api/v1/comments/${root}/restore`, admin.headers)).statusCode).toBe(200);
    expect((await send('POST', `/api/v1/comments/${root}/restore`, admin.headers)).statusCode).toBe(404);
    const restored = (
      await send('GET', `/api/v1/comments?commentable_type=track&commentable_id=${track}`, listener.headers)
    ).json().pagination.data;
    expect(restored[0]).toMatchObject({ id: root, deleted: false, content: 'First!' });
  });

  it("lists any user's playlists with owner and privacy", async () => {
    const mine = await send('POST', '/api/v1/playlists', listener.headers, {
      name: 'Secret mix',
      public: false,
    });
    expect(mine.statusCode).toBe(201);
    const list = (
      await send('GET', '/api/v1/admin/playlists?privacy=private&query=secret', admin.headers)
    ).json();
    expect(list.pagination.data).toMatchObject([
      { name: 'Secret mix', public: false, owner: { id: listener.id }, tracks_count: 0 },
    ]);
    const publicOnly = (
      await send('GET', '/api/v1/admin/playlists?privacy=public&query=secret', admin.headers)
    ).json();
    expect(publicOnly.pagination.total).toBe(0);
  });
});
