import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  actor,
  type Headers,
  insertAlbum,
  insertArtist,
  insertTrack,
} from '../catalogue/catalogue.test-helper';
import { makeTaggedMp3 } from './tagged-audio.test-helper';

let t: TestApp;
let baseUrl = '';

async function uploadAudio(headers: Headers, bytes: Buffer, name: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'audio/mpeg' }), name);
  const response = await fetch(`${baseUrl}/api/v1/file-entries`, { method: 'POST', headers, body: form });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { fileEntry: { id: number } }).fileEntry.id;
}

const post = (url: string, headers: Headers, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });

/** An approved artist: music.create (optionally with a minutes limit), files, one managed artist. */
async function artistUser(minutes?: number) {
  const user = await actor(t, ['files.create', 'music.view', 'lyrics.view']);
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
      permissionable_id: user.id,
      restrictions: JSON.stringify(minutes === undefined ? [] : [{ name: 'minutes', value: minutes }]),
    })
    .execute();
  const artistId = await insertArtist(t, `Artist ${user.id}`, user.id);
  return { ...user, artistId };
}

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => t?.close());

describe('POST /api/v1/backstage/drafts', () => {
  it('reads the tags and cover of an uploaded file', async () => {
    const artist = await artistUser();
    const bytes = await makeTaggedMp3({
      title: 'First Light',
      artist: 'Tag Artist',
      album: 'Tagged Album',
      track: 2,
      genre: 'Rock',
      year: 2024,
    });
    const fileId = await uploadAudio(artist.headers, bytes, 'first.mp3');
    const response = await post('/api/v1/backstage/drafts', artist.headers, { file_entry_id: fileId });
    expect(response.statusCode).toBe(200);
    const { draft } = response.json();
    expect(draft).toMatchObject({
      file_entry_id: fileId,
      name: 'First Light',
      artists: ['Tag Artist'],
      album: 'Tagged Album',
      number: 2,
      genres: ['Rock'],
      year: 2024,
    });
    expect(draft.duration).toBeGreaterThan(1900);
    expect(draft.image).toMatch(/^http/);
    const stranger = await artistUser();
    const stolen = await post('/api/v1/backstage/drafts', stranger.headers, { file_entry_id: fileId });
    expect(stolen.statusCode).toBe(422);
    const listener = await actor(t, ['files.create']);
    expect(
      (await post('/api/v1/backstage/drafts', listener.headers, { file_entry_id: fileId })).statusCode,
    ).toBe(403);
    expect((await post('/api/v1/backstage/drafts', artist.headers, { file_entry_id: 'x' })).statusCode).toBe(
      422,
    );
  });
});

describe('POST /api/v1/backstage/publish', () => {
  it('publishes three files as one album in one step, then computes waveforms in a job', async () => {
    const artist = await artistUser();
    const files = await Promise.all(
      [1, 2, 3].map(async (track) =>
        uploadAudio(
          artist.headers,
          await makeTaggedMp3(
            { title: `Song ${track}`, artist: 'X', album: 'LP', track, genre: 'Jazz', year: 2023 },
            1,
            220 * track,
          ),
          `song-${track}.mp3`,
        ),
      ),
    );
    const response = await post('/api/v1/backstage/publish', artist.headers, {
      mode: 'album',
      artist_ids: [artist.artistId],
      album: { name: 'Debut LP', release_date: '2025-01-10', genres: ['Jazz'] },
      tracks: files.map((file_entry_id, index) => ({
        file_entry_id,
        name: `Song ${index + 1}`,
        lyrics: index === 0 ? '[00:00.20]First line' : null,
      })),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { album_id, track_ids } = response.json();
    expect(track_ids).toHaveLength(3);
    await t.app.jobs.drain();
    const tracks = await t.deps.db
      .selectFrom('tracks')
      .select(['id', 'album_id', 'number', 'duration', 'waveform', 'mime'])
      .where('id', 'in', track_ids)
      .orderBy('number')
      .execute();
    expect(tracks.map((track) => track.number)).toEqual([1, 2, 3]);
    expect(tracks.every((track) => Number(track.album_id) === album_id)).toBe(true);
    expect(tracks.every((track) => (track.duration ?? 0) > 900)).toBe(true);
    expect(tracks[0]?.waveform).toHaveLength(200);
    // ffmpeg's sine source plays at 1/8 of full scale: the peaks say so.
    const peak = Math.max(...(tracks[0]?.waveform ?? []));
    expect(peak).toBeGreaterThan(0.1);
    expect(peak).toBeLessThan(0.15);
    const album = await t.app.inject({
      url: `/api/v1/albums/${album_id}?with=tracks`,
      headers: artist.headers,
    });
    expect(album.statusCode).toBe(200);
    const lyrics = await t.app.inject({
      url: `/api/v1/tracks/${track_ids[0]}/lyrics`,
      headers: artist.headers,
    });
    expect(lyrics.json().lyrics.synced).toBe(true);
    const replay = await post('/api/v1/backstage/publish', artist.headers, {
      mode: 'singles',
      artist_ids: [artist.artistId],
      tracks: [{ file_entry_id: files[0], name: 'Again' }],
    });
    expect(replay.statusCode).toBe(422);
  });

  it('refuses a forged artist_id, files of another user and an album without a name', async () => {
    const artist = await artistUser();
    const someoneElse = await insertArtist(t, 'Not Mine');
    const file = await uploadAudio(
      artist.headers,
      await makeTaggedMp3({ title: 'A', artist: 'B', album: 'C', track: 1, genre: 'Pop', year: 2020 }, 1),
      'a.mp3',
    );
    const forged = await post('/api/v1/backstage/publish', artist.headers, {
      mode: 'singles',
      artist_ids: [someoneElse],
      tracks: [{ file_entry_id: file, name: 'A' }],
    });
    expect(forged.statusCode).toBe(403);
    const other = await artistUser();
    const notMyFile = await post('/api/v1/backstage/publish', other.headers, {
      mode: 'singles',
      artist_ids: [other.artistId],
      tracks: [{ file_entry_id: file, name: 'A' }],
    });
    expect(notMyFile.statusCode).toBe(422);
    expect(Object.keys(notMyFile.json().errors)).toContain('tracks.0.file_entry_id');
    const noName = await post('/api/v1/backstage/publish', artist.headers, {
      mode: 'album',
      artist_ids: [artist.artistId],
      tracks: [{ file_entry_id: file, name: 'A' }],
    });
    expect(noName.statusCode).toBe(422);
    expect(Object.keys(noName.json().errors)).toContain('album.name');
    const count = await t.deps.db
      .selectFrom('tracks')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('file_entry_id', '=', file)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses an upload that would pass the minutes of the plan, naming the limit', async () => {
    const artist = await artistUser(1);
    await insertTrack(t, {
      name: 'Long one',
      artistId: artist.artistId,
      ownerId: artist.id,
      duration: 59_000,
    });
    const file = await uploadAudio(
      artist.headers,
      await makeTaggedMp3({ title: 'Over', artist: 'B', album: 'C', track: 1, genre: 'Pop', year: 2020 }, 2),
      'over.mp3',
    );
    const minutes = await t.app.inject({ url: '/api/v1/backstage/upload-minutes', headers: artist.headers });
    expect(minutes.json()).toEqual({ limit_minutes: 1, used_minutes: 1, left_minutes: 0 });
    const refused = await post('/api/v1/backstage/publish', artist.headers, {
      mode: 'singles',
      artist_ids: [artist.artistId],
      tracks: [{ file_entry_id: file, name: 'Over' }],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain("your plan's limit of 1 minutes of audio");
  });

  it('lets an admin (/admin/upload) publish as any artist of the catalogue, not a plain uploader', async () => {
    const signedName = `Signed ${Date.now()}`;
    const signed = await insertArtist(t, signedName);
    const tagged = () =>
      makeTaggedMp3({ title: 'T', artist: 'Tag', album: 'A', track: 1, genre: 'Pop', year: 2021 }, 1);
    const admin = await actor(t, [
      'admin.access',
      'music.create',
      'tracks.update',
      'tracks.view',
      'files.create',
    ]);
    const file = await uploadAudio(admin.headers, await tagged(), 'admin.mp3');
    const published = await post('/api/v1/backstage/publish', admin.headers, {
      mode: 'singles',
      artist_ids: [signed],
      tracks: [{ file_entry_id: file, name: 'For the label' }],
    });
    expect(published.statusCode, published.body).toBe(201);
    const listed = await t.app.inject({
      url: `/api/v1/admin/tracks?artist_id=${signed}`,
      headers: admin.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json().pagination.data as { name: string; artists: { name: string }[] }[];
    expect(rows.map((row) => [row.name, row.artists.map((artist) => artist.name)])).toEqual([
      ['For the label', [signedName]],
    ]);

    // The same call from an uploader without an editor permission stays refused.
    const uploader = await artistUser();
    const own = await uploadAudio(uploader.headers, await tagged(), 'own.mp3');
    const refused = await post('/api/v1/backstage/publish', uploader.headers, {
      mode: 'singles',
      artist_ids: [signed],
      tracks: [{ file_entry_id: own, name: 'Not mine' }],
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('album track list and ownership of edits', () => {
  it('orders, adds and removes tracks; another user gets 403', async () => {
    const artist = await artistUser();
    const albumId = await insertAlbum(t, 'Ordered', artist.artistId, artist.id);
    const a = await insertTrack(t, { name: 'A', artistId: artist.artistId, ownerId: artist.id, albumId });
    const b = await insertTrack(t, { name: 'B', artistId: artist.artistId, ownerId: artist.id, albumId });
    const c = await insertTrack(t, { name: 'C', artistId: artist.artistId, ownerId: artist.id });
    const put = (headers: Headers, track_ids: number[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/backstage/albums/${albumId}/tracks`,
        headers,
        payload: { track_ids },
      });
    expect((await put(artist.headers, [c, b])).statusCode).toBe(200);
    const rows = await t.deps.db
      .selectFrom('tracks')
      .select(['id', 'album_id', 'number'])
      .where('id', 'in', [a, b, c])
      .execute();
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    expect(byId.get(c)?.number).toBe(1);
    expect(byId.get(b)?.number).toBe(2);
    expect(byId.get(a)?.album_id).toBeNull();
    const other = await artistUser();
    expect((await put(other.headers, [a])).statusCode).toBe(403);
    const foreignTrack = await insertTrack(t, {
      name: 'Foreign',
      artistId: other.artistId,
      ownerId: other.id,
    });
    expect((await put(artist.headers, [foreignTrack])).statusCode).toBe(403);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tracks/${a}`,
      headers: other.headers,
      payload: { name: 'Hijacked' },
    });
    expect(edit.statusCode).toBe(403);
  });

  it('the overview lists the managed artists, music and minutes', async () => {
    const artist = await artistUser(30);
    const response = await t.app.inject({ url: '/api/v1/backstage/overview', headers: artist.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().artists.map((a: { id: number }) => a.id)).toEqual([artist.artistId]);
    expect(response.json().minutes.limit_minutes).toBe(30);
    expect((await t.app.inject({ url: '/api/v1/backstage/overview' })).statusCode).toBe(401);
  });
});
