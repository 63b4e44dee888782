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
  admin = await actor(t, ['admin']);
  listener = await actor(t, LISTENER);
  artistUser = await actor(t, [...LISTENER, 'music.create', 'music.update', 'music.delete']);
});
afterAll(async () => t?.close());

const get = (url: string, headers = admin.headers) => t.app.inject({ url, headers });

describe('admin catalogue tables', () => {
  it('refuses listeners, artists and guests on every table and bulk delete', async () => {
    for (const path of ['tracks', 'albums', 'artists']) {
      expect((await get(`/api/v1/admin/${path}`, listener.headers)).statusCode).toBe(403);
      expect((await get(`/api/v1/admin/${path}`, artistUser.headers)).statusCode).toBe(403);
      expect((await t.app.inject({ url: `/api/v1/admin/${path}` })).statusCode).toBe(401);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/admin/${path}`,
        headers: artistUser.headers,
        payload: { ids: [1] },
      });
      expect(removed.statusCode).toBe(403);
    }
  });

  it('searches, filters, sorts and walks keyset pages without gaps or repeats', async () => {
    const artist = await insertArtist(t, 'Keyset Artist');
    const other = await insertArtist(t, 'Other Artist');
    const album = await insertAlbum(t, 'Keyset Album', artist, artistUser.id);
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      const id = await insertTrack(t, {
        name: `Keyset song ${i}`,
        artistId: artist,
        albumId: album,
        ownerId: artistUser.id,
      });
      await t.deps.db
        .updateTable('tracks')
        .set({ plays: i % 3 })
        .where('id', '=', id)
        .execute();
      ids.push(id);
    }
    const lone = await insertTrack(t, {
      name: 'Lonely Keyset',
      artistId: other,
      visibility: 'private',
      src: 'a.mp3',
    });
    await t.deps.db.insertInto('lyrics').values({ track_id: lone, text: 'la la' }).execute();
    await t.deps.db.insertInto('genres').values({ name: 'keysetgenre' }).execute();
    const genre = await t.deps.db
      .selectFrom('genres')
      .select('id')
      .where('name', '=', 'keysetgenre')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('genreables')
      .values({ genre_id: genre.id, genreable_type: 'album', genreable_id: album })
      .execute();

    const seen: number[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const res = await get(
        `/api/v1/admin/tracks?query=keyset%20song&orderBy=plays&perPage=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      const body = res.json().pagination;
      expect(body.total).toBe(7);
      seen.push(...body.data.map((row: { id: number }) => row.id));
      const plays = body.data.map((row: { plays: number }) => row.plays);
      expect([...plays].sort((a, b) => b - a)).toEqual(plays);
      cursor = body.next_cursor;
      pages++;
    }
    expect(pages).toBe(3);
    expect([...seen].sort((a, b) => a - b)).toEqual(ids);

    const byGenre = (await get('/api/v1/admin/tracks?genre=KeysetGenre&perPage=100')).json().pagination;
    expect(byGenre.total).toBe(7);
    const filtered = async (qs: string) =>
      (await get(`/api/v1/admin/tracks?query=keyset&${qs}`))
        .json()
        .pagination.data.map((r: { id: number }) => r.id);
    expect(await filtered('private=true')).toEqual([lone]);
    expect(await filtered('has_audio=true')).toEqual([lone]);
    expect(await filtered('has_lyrics=true')).toEqual([lone]);
    expect(await filtered(`artist_id=${other}`)).toEqual([lone]);
    expect((await filtered(`owner_id=${artistUser.id}`)).length).toBe(7);
    expect((await filtered(`release_year=${new Date().getFullYear()}`)).length).toBe(8);
    expect((await filtered('release_year=1999')).length).toBe(0);
    const byName = (await get('/api/v1/admin/tracks?query=keyset&orderBy=name&orderDir=asc')).json()
      .pagination.data;
    expect(byName[0].name).toBe('Keyset song 0');
    expect(byName[0]).toMatchObject({
      album: { id: album, name: 'Keyset Album' },
      owner: { id: artistUser.id },
    });

    const albums = (await get(`/api/v1/admin/albums?artist_id=${artist}`)).json().pagination.data;
    expect(albums).toMatchObject([{ id: album, tracks_count: 7, genres: [{ name: 'keysetgenre' }] }]);
    const artists = (await get('/api/v1/admin/artists?query=keyset')).json().pagination.data;
    expect(artists).toMatchObject([{ id: artist, tracks_count: 7, albums_count: 1 }]);

    expect((await get('/api/v1/admin/tracks?cursor=not-a-cursor')).statusCode).toBe(422);
    expect((await get('/api/v1/admin/tracks?orderBy=bogus')).statusCode).toBe(422);
  });

  it('bulk deletes tracks in one go, keeps play counters consistent and purges uploaded files', async () => {
    const artist = await insertArtist(t, 'Counter Artist');
    const album = await insertAlbum(t, 'Counter Album', artist);
    const keep = await insertTrack(t, { name: 'Keep me', artistId: artist, albumId: album });
    const gone = await insertTrack(t, { name: 'Delete me', artistId: artist, albumId: album });
    await t.deps.db.updateTable('tracks').set({ plays: 5 }).where('id', '=', keep).execute();
    await t.deps.db.updateTable('tracks').set({ plays: 3 }).where('id', '=', gone).execute();
    await t.deps.db.updateTable('albums').set({ plays: 8 }).where('id', '=', album).execute();
    await t.deps.db.updateTable('artists').set({ plays: 8 }).where('id', '=', artist).execute();
    const storage = t.app.services.storage.get('uploads');
    await storage.put('audio/delete-me.mp3', Buffer.from('bytes'), { mime: 'audio/mpeg' });
    const entry = await t.deps.db
      .insertInto('file_entries')
      .values({
        name: 'delete-me.mp3',
        file_name: 'delete-me.mp3',
        client_name: 'delete-me.mp3',
        mime: 'audio/mpeg',
        extension: 'mp3',
        file_size: 5,
        path: 'audio/delete-me.mp3',
        disk: 'uploads',
        driver: 'local',
        owner_id: admin.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.deps.db.updateTable('tracks').set({ file_entry_id: entry.id }).where('id', '=', gone).execute();

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/tracks',
      headers: admin.headers,
      payload: { ids: [gone, 999_999] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 1, message: 'Deleted 1 track.' });
    const logged = await t.deps.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'after'])
      .where('action', '=', 'tracks.delete')
      .execute();
    expect(logged).toEqual([
      { actor_id: admin.id, action: 'tracks.delete', after: { ids: [gone, 999_999] } },
    ]);
    const counters = await Promise.all([
      t.deps.db.selectFrom('albums').select('plays').where('id', '=', album).executeTakeFirstOrThrow(),
      t.deps.db.selectFrom('artists').select('plays').where('id', '=', artist).executeTakeFirstOrThrow(),
    ]);
    expect(counters.map((row) => Number(row.plays))).toEqual([5, 5]);
    await t.app.jobs.drain();
    expect(
      await t.deps.db.selectFrom('file_entries').select('id').where('id', '=', entry.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await storage.exists('audio/delete-me.mp3')).toBe(false);

    const albumsGone = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/albums',
      headers: admin.headers,
      payload: { ids: [album] },
    });
    expect(albumsGone.json().deleted).toBe(1);
    expect(
      await t.deps.db.selectFrom('tracks').select('id').where('id', '=', keep).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/v1/admin/tracks',
          headers: admin.headers,
          payload: { ids: [] },
        })
      ).statusCode,
    ).toBe(422);
  });

  it('an album edited to remove all its tracks keeps them as singles', async () => {
    const artist = await insertArtist(t, 'Singles Artist');
    const album = await insertAlbum(t, 'Emptied Album', artist);
    const a = await insertTrack(t, { name: 'Single A', artistId: artist, albumId: album, number: 1 });
    const b = await insertTrack(t, { name: 'Single B', artistId: artist, albumId: album, number: 2 });
    const reordered = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/albums/${album}`,
      headers: admin.headers,
      payload: { track_ids: [b, a] },
    });
    expect(reordered.statusCode).toBe(200);
    const numbers = await t.deps.db
      .selectFrom('tracks')
      .select(['id', 'number'])
      .where('album_id', '=', album)
      .orderBy('number')
      .execute();
    expect(numbers.map((row) => row.id)).toEqual([b, a]);
    const emptied = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/albums/${album}`,
      headers: admin.headers,
      payload: { track_ids: [] },
    });
    expect(emptied.statusCode).toBe(200);
    const rows = await t.deps.db
      .selectFrom('tracks')
      .select(['id', 'album_id'])
      .where('id', 'in', [a, b])
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.album_id === null)).toBe(true);
  });
});
