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
let musician: { id: number; headers: Headers };
let stranger: { id: number; headers: Headers };
let curator: { id: number; headers: Headers };

beforeAll(async () => {
  t = await createTestApp();
  musician = await actor(t, ['music.create']);
  stranger = await actor(t, ['music.create']);
  curator = await actor(t, [
    'music.view',
    'artists.create',
    'artists.update',
    'artists.delete',
    'music.update',
    'music.delete',
  ]);
});
afterAll(async () => t?.close());

describe('artists', () => {
  it('lets a musician create an artist they then manage; verification stays editorial', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/artists',
      headers: musician.headers,
      payload: {
        name: 'Solar Choir',
        verified: true,
        genres: ['Ambient'],
        links: [{ url: 'https://solar.example.com', title: 'Site' }],
      },
    });
    expect(created.statusCode).toBe(201);
    const artist = created.json().artist;
    expect(artist).toMatchObject({
      name: 'Solar Choir',
      slug: 'solar-choir',
      verified: false,
      genres: [{ name: 'ambient' }],
    });
    const link = await t.deps.db
      .selectFrom('user_artist')
      .selectAll()
      .where('artist_id', '=', artist.id)
      .executeTakeFirst();
    expect(link).toMatchObject({ user_id: musician.id, role: 'owner' });

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/artists/${artist.id}`,
      headers: musician.headers,
      payload: { description: 'Choir of the sun.', verified: true },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().artist).toMatchObject({ description: 'Choir of the sun.', verified: false });
    const hijack = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/artists/${artist.id}`,
      headers: stranger.headers,
      payload: { name: 'Mine now' },
    });
    expect(hijack.statusCode).toBe(403);
    const verified = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/artists/${artist.id}`,
      headers: curator.headers,
      payload: { verified: true },
    });
    expect(verified.json().artist.verified).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/artists/${artist.id}`,
          headers: musician.headers,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('rejects bad links and names (422), and guests cannot create (401)', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/artists',
      headers: musician.headers,
      payload: { name: ' ', links: [{ url: 'javascript:alert(1)', title: 'x' }] },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).join()).toMatch(/name/);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/artists', payload: { name: 'Guest' } })).statusCode,
    ).toBe(401);
  });

  it('shows albums, top tracks and counts on request; hides disabled artists', async () => {
    const artistId = await insertArtist(t, 'Tide Pool');
    const albumId = await insertAlbum(t, 'Shallows', artistId);
    await insertTrack(t, { name: 'Low Tide', artistId, albumId });
    const popular = await insertTrack(t, { name: 'High Tide', artistId, albumId });
    await t.deps.db.updateTable('tracks').set({ plays: 50 }).where('id', '=', popular).execute();
    const response = await t.app.inject({
      url: `/api/v1/artists/${artistId}?with=albums,top_tracks&loadCount=albums,tracks,followers`,
    });
    expect(response.statusCode).toBe(200);
    const artist = response.json().artist;
    expect(artist.albums).toEqual([
      expect.objectContaining({ id: albumId, release_date: '2024-05-01', record_type: 'album' }),
    ]);
    expect(artist.top_tracks.map((track: { name: string }) => track.name)).toEqual(['High Tide', 'Low Tide']);
    expect(artist.counts).toEqual({ albums: 1, tracks: 2, followers: 0 });

    await t.deps.db.updateTable('artists').set({ disabled: true }).where('id', '=', artistId).execute();
    expect((await t.app.inject({ url: `/api/v1/artists/${artistId}` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/v1/artists/${artistId}`, headers: curator.headers })).statusCode,
    ).toBe(200);
    const list = await t.app.inject({ url: '/api/v1/artists?query=tide' });
    expect(list.json().pagination.total).toBe(0);
  });

  it('lists with allow-listed relations only', async () => {
    expect(
      (await t.app.inject({ url: '/api/v1/artists?with=genres&loadCount=albums&orderBy=name' })).statusCode,
    ).toBe(200);
    const unknown = await t.app.inject({ url: '/api/v1/artists?with=users' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.with).toBeDefined();
    expect((await t.app.inject({ url: '/api/v1/artists/1?with=top_tracks,secrets' })).statusCode).toBe(422);
  });

  it('lets catalogue editors delete artists and their likes', async () => {
    const artistId = await insertArtist(t, 'Short Lived');
    await t.deps.db
      .insertInto('likes')
      .values({ user_id: musician.id, likeable_type: 'artist', likeable_id: artistId })
      .execute();
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/artists/${artistId}`,
      headers: curator.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(
      await t.deps.db.selectFrom('likes').selectAll().where('likeable_id', '=', artistId).execute(),
    ).toHaveLength(0);
  });
});

describe('albums', () => {
  it('creates an album for a managed artist and shows its tracks in album order', async () => {
    const artistId = await insertArtist(t, 'Glass Garden', musician.id);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/albums',
      headers: musician.headers,
      payload: {
        name: 'Greenhouse',
        artist_ids: [artistId],
        release_date: '2025-03-01',
        record_type: 'ep',
        tags: ['warm'],
      },
    });
    expect(created.statusCode).toBe(201);
    const album = created.json().album;
    expect(album).toMatchObject({
      record_type: 'ep',
      release_date: '2025-03-01',
      owner_id: musician.id,
      tags: [{ name: 'warm' }],
    });
    await insertTrack(t, { name: 'Second', artistId, albumId: album.id, number: 2 });
    await insertTrack(t, { name: 'First', artistId, albumId: album.id, number: 1 });
    await insertTrack(t, { name: 'Hidden', artistId, albumId: album.id, number: 3, visibility: 'private' });
    const shown = await t.app.inject({ url: `/api/v1/albums/${album.id}?with=tracks&loadCount=tracks` });
    expect(shown.json().album.tracks.map((track: { name: string }) => track.name)).toEqual([
      'First',
      'Second',
    ]);
    expect(shown.json().album.artists).toEqual([
      expect.objectContaining({ id: artistId, name: 'Glass Garden' }),
    ]);
  });

  it('validates dates and artists, and enforces ownership on update and delete', async () => {
    const artistId = await insertArtist(t, 'Paper Kites', musician.id);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/v1/albums',
      headers: musician.headers,
      payload: {
        name: 'Bad Date',
        artist_ids: [artistId],
        release_date: '2025-13-45',
        record_type: 'mixtape',
      },
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors)).toEqual(
      expect.arrayContaining(['release_date', 'record_type']),
    );
    const albumId = await insertAlbum(t, 'Owned', artistId, musician.id);
    const trackId = await insertTrack(t, { name: 'On Owned', artistId, albumId });
    const other = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/albums/${albumId}`,
      headers: stranger.headers,
      payload: { name: 'X' },
    });
    expect(other.statusCode).toBe(403);
    const mine = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/albums/${albumId}`,
      headers: musician.headers,
      payload: { name: 'Owned Again' },
    });
    expect(mine.json().album.slug).toBe('owned-again');
    // Someone else's track is refused; their private one as if it did not exist (nothing to probe).
    const elsewhere = await insertArtist(t, 'Elsewhere');
    const publicForeign = await insertTrack(t, { name: 'Theirs', artistId: elsewhere, ownerId: stranger.id });
    const privateForeign = await insertTrack(t, {
      name: 'Their Secret',
      artistId: elsewhere,
      ownerId: stranger.id,
      visibility: 'private',
    });
    const listing = async (id: number) =>
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/albums/${albumId}`,
          headers: musician.headers,
          payload: { track_ids: [trackId, id] },
        })
      ).json().errors;
    expect(await listing(publicForeign)).toEqual({
      track_ids: 'You can only add your own tracks to this album.',
    });
    expect(await listing(privateForeign)).toEqual(await listing(987_654));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/albums/${albumId}`,
      headers: musician.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(
      await t.deps.db.selectFrom('tracks').select('id').where('id', '=', trackId).execute(),
    ).toHaveLength(0);
  });

  it('filters lists by artist and orders by release date', async () => {
    const artistId = await insertArtist(t, 'Order Test');
    const older = await insertAlbum(t, 'Older', artistId);
    const newer = await insertAlbum(t, 'Newer', artistId);
    await t.deps.db
      .updateTable('albums')
      .set({ release_date: '2010-01-01' })
      .where('id', '=', older)
      .execute();
    const response = await t.app.inject({
      url: `/api/v1/albums?artistId=${artistId}&orderBy=release_date&orderDir=desc`,
    });
    expect(response.json().pagination.data.map((album: { id: number }) => album.id)).toEqual([newer, older]);
    expect((await t.app.inject({ url: '/api/v1/albums?orderBy=owner_id' })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/v1/albums/..%2F1' })).statusCode).toBe(422);
  });
});
