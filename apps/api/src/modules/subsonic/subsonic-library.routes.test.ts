import type { AddressInfo } from 'node:net';
import { SubsonicAPI } from 'subsonic-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { headersFor, insertAlbum, insertArtist, insertTrack } from '../catalogue/catalogue.test-helper';
import { encryptSecret } from '../settings/settings-crypto';
import { generateAppPassword } from './app-password.service';
import { subsonicClient } from './subsonic.test-helper';
import { upsertCredentials } from './subsonic-credentials.repository';

/**
 * The folder-based browsing, info, ratings, bookmarks, play queue, now playing and user methods,
 * driven through `subsonic-api` (a Subsonic client others wrote, JSON) and checked in XML against
 * the 1.16.1 schema with the test helper.
 */
const LISTENER = ['music.view', 'music.play', 'playlists.create', 'playlists.view'];

let t: TestApp;
let base: string;
let ids: {
  artist: number;
  similar: number;
  album: number;
  track: number;
  second: number;
  cousin: number;
  hidden: number;
  other: number;
};

type Person = { id: number; email: string; api: SubsonicAPI; raw: ReturnType<typeof subsonicClient> };

/** Redirects are the answer under test (getAvatar), not something to follow. */
const noRedirects: typeof fetch = (input, init) => fetch(input, { ...init, redirect: 'manual' });

async function person(email: string, name: string, permissions = LISTENER): Promise<Person> {
  const id = await createTestUser(t.deps, { email, permissions });
  await t.deps.db.updateTable('users').set({ name }).where('id', '=', id).execute();
  const password = generateAppPassword();
  await upsertCredentials(t.deps.db, id, { app_password: encryptSecret(password, t.deps.appKey) });
  return {
    id,
    email,
    api: new SubsonicAPI({ url: base, auth: { username: email, password }, fetch: noRedirects }),
    raw: subsonicClient(base, { u: email, password }),
  };
}

/** A failed answer's code (subsonic-api answers the parsed `subsonic-response`). */
const codeOf = (answer: unknown) => (answer as { error?: { code: number } }).error?.code;

let fan: Person;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await t.deps.cache.deletePrefix('');
  const other = await createTestUser(t.deps, { email: 'owner@example.com', permissions: LISTENER });
  const artist = await insertArtist(t, 'Aurora Lane');
  const similar = await insertArtist(t, 'Boreal Choir');
  await t.deps.db
    .updateTable('artists')
    .set({ description: 'Sings of <northern> skies & lakes.', image_small: '/storage/artists/aurora.jpg' })
    .where('id', '=', artist)
    .execute();
  await t.deps.db
    .insertInto('similar_artists')
    .values({ artist_id: artist, similar_id: similar, score: 0.9 })
    .execute();
  const album = await insertAlbum(t, 'Northern Lights', artist);
  await t.deps.db
    .updateTable('albums')
    .set({ description: 'Recorded in winter.', image: '/api/v1/images/albums/cover.webp' })
    .where('id', '=', album)
    .execute();
  const track = await insertTrack(t, { name: 'First Light', artistId: artist, albumId: album, number: 1 });
  const second = await insertTrack(t, { name: 'Second Wind', artistId: artist, albumId: album, number: 2 });
  const cousin = await insertTrack(t, { name: 'Choir Song', artistId: similar });
  const hidden = await insertTrack(t, {
    name: 'Secret Demo',
    artistId: artist,
    albumId: album,
    ownerId: other,
    visibility: 'private',
  });
  const { id: genre } = await t.deps.db
    .insertInto('genres')
    .values({ name: 'ambient', display_name: 'Ambient' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.deps.db
    .insertInto('genreables')
    .values([
      { genre_id: genre, genreable_type: 'track', genreable_id: track },
      { genre_id: genre, genreable_type: 'track', genreable_id: cousin },
      { genre_id: genre, genreable_type: 'track', genreable_id: hidden },
    ])
    .execute();
  ids = { artist, similar, album, track, second, cousin, hidden, other };
  fan = await person('fan@example.com', 'fan');
}, 240_000);
afterAll(async () => t?.close());

describe('Subsonic folder browsing', () => {
  it('getIndexes and getMusicDirectory walk artist -> albums -> songs, valid XML and the same in JSON', async () => {
    const indexesXml = await fan.raw.xml('getIndexes');
    expect(indexesXml).toContain('name="Aurora Lane"');
    const indexes = await fan.api.getIndexes({});
    const letters = indexes.indexes.index?.map((index) => index.name);
    expect(letters).toEqual(['A', 'B']);
    expect(indexes.indexes.index?.[0]?.artist?.[0]).toMatchObject({
      id: `ar-${ids.artist}`,
      name: 'Aurora Lane',
    });
    // Unchanged since the app's copy: attributes only.
    const later = await fan.api.getIndexes({ ifModifiedSince: Date.now() + 60_000 });
    expect(later.indexes.index).toBeUndefined();
    expect(codeOf(await fan.api.getIndexes({ musicFolderId: '2' }))).toBe(70);

    await fan.raw.xml('getMusicDirectory', { id: `ar-${ids.artist}` });
    const artistDir = await fan.api.getMusicDirectory({ id: `ar-${ids.artist}` });
    expect(artistDir.directory).toMatchObject({ id: `ar-${ids.artist}`, name: 'Aurora Lane' });
    expect(artistDir.directory.child).toEqual([
      expect.objectContaining({
        id: `al-${ids.album}`,
        isDir: true,
        title: 'Northern Lights',
        parent: `ar-${ids.artist}`,
      }),
    ]);
    const albumXml = await fan.raw.xml('getMusicDirectory', { id: `al-${ids.album}` });
    expect(albumXml).not.toContain('Secret Demo');
    const albumDir = await fan.api.getMusicDirectory({ id: `al-${ids.album}` });
    expect(albumDir.directory.parent).toBe(`ar-${ids.artist}`);
    expect(albumDir.directory.child?.map((child) => child.title)).toEqual(['First Light', 'Second Wind']);

    for (const id of [`tr-${ids.track}`, 'al-424242', `pl-1`, 'garbage']) {
      expect(codeOf(await fan.api.getMusicDirectory({ id })), id).toBe(70);
    }
    expect(codeOf(await fan.api.customJSON('getMusicDirectory.view', {}))).toBe(10);
  });

  it('getAlbumList, search2 and getStarred answer the folder shapes; bad sizes are clamped, bad types refused', async () => {
    for (const type of [
      'newest',
      'alphabeticalByName',
      'alphabeticalByArtist',
      'frequent',
      'random',
    ] as const) {
      await fan.raw.xml('getAlbumList', { type });
    }
    const list = await fan.api.getAlbumList({ type: 'alphabeticalByName', size: 99_999 });
    expect(list.albumList.album).toEqual([expect.objectContaining({ id: `al-${ids.album}`, isDir: true })]);
    const negative = await fan.raw.json('getAlbumList', { type: 'newest', size: '-4', offset: '-9' });
    expect((negative.albumList as { album: unknown[] }).album).toHaveLength(1);
    expect(codeOf(await fan.api.customJSON('getAlbumList.view', {}))).toBe(10);
    expect(codeOf(await fan.api.customJSON('getAlbumList.view', { type: 'byYear' }))).toBe(10);
    expect(codeOf(await fan.api.customJSON('getAlbumList.view', { type: 'nonsense' }))).toBe(0);

    const searchXml = await fan.raw.xml('search2', { query: '' });
    expect(searchXml).not.toContain('Secret Demo');
    const found = await fan.api.search2({ query: 'Light' });
    expect(found.searchResult2.song?.map((song) => song.title)).toEqual(['First Light']);
    expect(found.searchResult2.album?.[0]).toMatchObject({ id: `al-${ids.album}`, isDir: true });
    const everything = await fan.api.search2({ query: '', songCount: 100_000, artistCount: -1 });
    expect(everything.searchResult2.song).toHaveLength(3);
    expect(everything.searchResult2.artist ?? []).toHaveLength(0);

    expect(codeOf(await fan.api.star({ id: `tr-${ids.track}`, albumId: `al-${ids.album}` }))).toBeUndefined();
    await fan.raw.xml('getStarred');
    const starred = await fan.api.getStarred({});
    expect(starred.starred.song?.map((song) => song.id)).toEqual([`tr-${ids.track}`]);
    expect(starred.starred.album?.[0]).toMatchObject({ id: `al-${ids.album}`, isDir: true });
    await fan.api.unstar({ id: `tr-${ids.track}`, albumId: `al-${ids.album}` });
  });
});

describe('Subsonic info and similar songs', () => {
  it('getArtistInfo/2 and getAlbumInfo/2 carry the biography, notes, absolute images and similar artists', async () => {
    const xml = await fan.raw.xml('getArtistInfo', { id: `ar-${ids.artist}` });
    expect(xml).toContain('<biography>Sings of &lt;northern&gt; skies &amp; lakes.</biography>');
    await fan.raw.xml('getArtistInfo2', { id: `ar-${ids.artist}` });
    const info = await fan.api.getArtistInfo2({ id: `ar-${ids.artist}` });
    expect(info.artistInfo2).toMatchObject({
      biography: 'Sings of <northern> skies & lakes.',
      smallImageUrl: `${base}/storage/artists/aurora.jpg`,
      similarArtist: [
        expect.objectContaining({ id: `ar-${ids.similar}`, name: 'Boreal Choir', albumCount: 0 }),
      ],
    });
    const folderInfo = await fan.api.getArtistInfo({ id: `ar-${ids.artist}`, count: 0 });
    expect(folderInfo.artistInfo.similarArtist ?? []).toHaveLength(0);

    await fan.raw.xml('getAlbumInfo', { id: `al-${ids.album}` });
    await fan.raw.xml('getAlbumInfo2', { id: `al-${ids.album}` });
    const album = await fan.api.getAlbumInfo2({ id: `al-${ids.album}` });
    expect(album.albumInfo).toMatchObject({
      notes: 'Recorded in winter.',
      smallImageUrl: `${base}/api/v1/images/albums/cover.webp?w=300`,
      largeImageUrl: `${base}/api/v1/images/albums/cover.webp`,
    });
    expect(codeOf(await fan.api.getArtistInfo({ id: 'ar-424242' }))).toBe(70);
    expect(codeOf(await fan.api.getAlbumInfo({ id: `tr-${ids.track}` }))).toBe(70);
    expect(codeOf(await fan.api.customJSON('getAlbumInfo2.view', {}))).toBe(10);
  });

  it('getSimilarSongs/2: the same artists or genres, never the seed or a hidden track; a hidden seed is 70', async () => {
    await fan.raw.xml('getSimilarSongs', { id: `tr-${ids.track}` });
    const similar = await fan.api.getSimilarSongs({ id: `tr-${ids.track}`, count: 100 });
    const titles = similar.similarSongs.song?.map((song) => song.title).sort();
    expect(titles).toEqual(['Choir Song', 'Second Wind']);
    await fan.raw.xml('getSimilarSongs2', { id: `ar-${ids.artist}` });
    const byArtist = await fan.api.getSimilarSongs2({ id: `ar-${ids.artist}`, count: -3 });
    expect(byArtist.similarSongs2.song).toHaveLength(1);
    const hidden = await fan.raw.json('getSimilarSongs', { id: `tr-${ids.hidden}` });
    expect(hidden.error).toMatchObject({ code: 70 });
    expect(JSON.stringify(hidden)).not.toContain('Secret');
  });
});

describe('Subsonic listening state', () => {
  it('setRating keeps a per-user rating shown as userRating; 0 removes it; bad input is 10 or 70', async () => {
    expect(codeOf(await fan.api.setRating({ id: `tr-${ids.track}`, rating: 4 }))).toBeUndefined();
    await fan.api.setRating({ id: `al-${ids.album}`, rating: 5 });
    expect((await fan.api.getSong({ id: `tr-${ids.track}` })).song.userRating).toBe(4);
    const dir = await fan.api.getMusicDirectory({ id: `ar-${ids.artist}` });
    expect(dir.directory.child?.[0]?.userRating).toBe(5);
    expect(await fan.raw.xml('getSong', { id: `tr-${ids.track}` })).toContain('userRating="4"');
    const stranger = await person('rater@example.com', 'rater');
    expect((await stranger.api.getSong({ id: `tr-${ids.track}` })).song.userRating).toBeUndefined();
    await fan.api.setRating({ id: `tr-${ids.track}`, rating: 0 });
    expect((await fan.api.getSong({ id: `tr-${ids.track}` })).song.userRating).toBeUndefined();
    expect(codeOf(await fan.api.setRating({ id: `tr-${ids.track}`, rating: 9 as 5 }))).toBe(10);
    expect(codeOf(await fan.api.customJSON('setRating.view', { id: `tr-${ids.track}`, rating: 'x' }))).toBe(
      10,
    );
    expect(codeOf(await fan.api.customJSON('setRating.view', { id: `tr-${ids.track}` }))).toBe(10);
    expect(codeOf(await fan.api.setRating({ id: `tr-${ids.hidden}`, rating: 3 }))).toBe(70);
    expect(codeOf(await fan.api.setRating({ id: 'pl-1', rating: 3 }))).toBe(70);
  });

  it('bookmarks: create, list (valid XML), replace, delete; hidden tracks are 70 and bad positions 10', async () => {
    const listener = await person('bookmarks@example.com', 'bookmarker');
    expect(
      codeOf(
        await listener.api.createBookmark({ id: `tr-${ids.track}`, position: 61_000, comment: 'the bridge' }),
      ),
    ).toBeUndefined();
    await listener.api.createBookmark({ id: `tr-${ids.track}`, position: 62_000 });
    await listener.api.createBookmark({ id: `tr-${ids.second}`, position: 0 });
    await listener.raw.xml('getBookmarks');
    const marks = await listener.api.getBookmarks();
    expect(marks.bookmarks.bookmark).toHaveLength(2);
    expect(marks.bookmarks.bookmark?.find((mark) => mark.entry.id === `tr-${ids.track}`)).toMatchObject({
      position: 62_000,
      username: 'bookmarker',
    });
    expect(codeOf(await listener.api.createBookmark({ id: `tr-${ids.hidden}`, position: 5 }))).toBe(70);
    expect(codeOf(await listener.api.createBookmark({ id: `tr-${ids.track}`, position: -1 }))).toBe(10);
    expect(codeOf(await listener.api.customJSON('createBookmark.view', { id: `tr-${ids.track}` }))).toBe(10);
    await listener.api.deleteBookmark({ id: `tr-${ids.track}` });
    expect((await listener.api.getBookmarks()).bookmarks.bookmark?.map((mark) => mark.entry.id)).toEqual([
      `tr-${ids.second}`,
    ]);
    // Someone else's bookmarks are theirs.
    expect((await fan.api.getBookmarks()).bookmarks.bookmark ?? []).toHaveLength(0);
  });

  it('savePlayQueue and getPlayQueue keep the queue in order with its current track; no id clears it', async () => {
    const listener = await person('queue@example.com', 'queuer');
    expect((await listener.api.getPlayQueue()).playQueue).toBeUndefined();
    const saved = await listener.api.savePlayQueue({
      id: [`tr-${ids.second}`, `tr-${ids.track}`, `tr-${ids.cousin}`],
      current: `tr-${ids.track}`,
      position: 1234,
    });
    expect(codeOf(saved)).toBeUndefined();
    const queue = await listener.api.getPlayQueue();
    expect(queue.playQueue).toMatchObject({
      current: `tr-${ids.track}`,
      position: 1234,
      username: 'queuer',
      changedBy: 'subsonic-api',
    });
    expect(queue.playQueue?.entry?.map((entry) => entry.id)).toEqual([
      `tr-${ids.second}`,
      `tr-${ids.track}`,
      `tr-${ids.cousin}`,
    ]);
    // 1.16.1 types `current` as an int; OpenSubsonic (and these prefixed ids) make it a string.
    const xml = await (await fetch(listener.raw.url('getPlayQueue'))).text();
    const { assertValidXml } = await import('./subsonic.test-helper');
    expect(xml).toContain(`current="tr-${ids.track}"`);
    await assertValidXml(xml.replace(/ current="tr-\d+"/, ''));

    expect(codeOf(await listener.api.savePlayQueue({ id: [`tr-${ids.hidden}`], position: 0 }))).toBe(70);
    expect(
      codeOf(
        await listener.api.savePlayQueue({
          id: [`tr-${ids.track}`],
          current: `tr-${ids.second}`,
          position: 0,
        }),
      ),
    ).toBe(70);
    expect(codeOf(await listener.api.savePlayQueue({ id: [`tr-${ids.track}`], position: -5 }))).toBe(10);
    const tooMany = Array.from({ length: 1001 }, () => `tr-${ids.track}`);
    expect((await listener.raw.json('savePlayQueue', { id: tooMany })).error).toMatchObject({ code: 0 });
    // The failed saves left the queue as it was; an empty save clears it.
    expect((await listener.api.getPlayQueue()).playQueue?.entry).toHaveLength(3);
    await listener.api.savePlayQueue({ position: 0 });
    expect((await listener.api.getPlayQueue()).playQueue).toBeUndefined();
  });

  it('getNowPlaying shows your own playing track; others only to account managers, hidden tracks never', async () => {
    await fan.api.scrobble({ id: `tr-${ids.second}`, submission: false });
    await fan.raw.xml('getNowPlaying');
    const own = await fan.api.getNowPlaying();
    expect(own.nowPlaying.entry).toEqual([
      expect.objectContaining({ id: `tr-${ids.second}`, username: 'fan', minutesAgo: 0, playerId: 1 }),
    ]);
    const other = await person('other-listener@example.com', 'otherlistener');
    await other.api.scrobble({ id: `tr-${ids.cousin}`, submission: true });
    // The owner of the private track played it: nobody else may learn its name.
    await t.deps.db
      .insertInto('plays')
      .values({
        track_id: ids.hidden,
        user_id: ids.other,
        played_at: new Date(),
        duration_played_ms: 100_000,
      })
      .execute();
    expect((await fan.api.getNowPlaying()).nowPlaying.entry?.map((entry) => entry.username)).toEqual(['fan']);
    const admin = await person('manager@example.com', 'manager', [...LISTENER, 'users.update']);
    const seen = await admin.api.getNowPlaying();
    const entries = seen.nowPlaying.entry ?? [];
    expect(entries.map((entry) => entry.username)).toEqual(['otherlistener']);
    expect(JSON.stringify(seen)).not.toContain('Secret Demo');
  });
});

describe('Subsonic playlist writes', () => {
  it('createPlaylist and updatePlaylist are all or nothing: a failing step undoes the ones before it', async () => {
    // A catalogue editor sees others' private tracks, but playlists take only usable ones: the
    // song check passes, the rename and removal run, then adding fails inside the transaction.
    const editor = await person('editor@example.com', 'editor', [...LISTENER, 'music.update']);
    const made = await editor.api.createPlaylist({ name: 'Mix', songId: [`tr-${ids.track}`] });
    const playlistId = made.playlist.id;
    const replaced = await editor.api.createPlaylist({
      playlistId,
      name: 'Renamed',
      songId: [`tr-${ids.second}`, `tr-${ids.hidden}`],
    });
    expect(codeOf(replaced)).toBe(10);
    const after = await editor.api.getPlaylist({ id: playlistId });
    expect(after.playlist.name).toBe('Mix');
    expect(after.playlist.entry?.map((entry) => entry.id)).toEqual([`tr-${ids.track}`]);

    const updated = await editor.raw.json('updatePlaylist', {
      playlistId,
      name: 'Renamed',
      songIndexToRemove: '0',
      songIdToAdd: `tr-${ids.hidden}`,
    });
    expect(updated.error).toMatchObject({ code: 10 });
    const still = await editor.api.getPlaylist({ id: playlistId });
    expect(still.playlist).toMatchObject({ name: 'Mix', songCount: 1 });

    const failedNew = await editor.api.createPlaylist({ name: 'Never Made', songId: [`tr-${ids.hidden}`] });
    expect(codeOf(failedNew)).toBe(10);
    const names = (await editor.api.getPlaylists({})).playlists.playlist?.map((playlist) => playlist.name);
    expect(names).toEqual(['Mix']);
  });

  it("a smart playlist lists its rules' tracks for the caller, read-only: writes answer 50", async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/playlists',
      headers: await headersFor(t, fan.id),
      payload: {
        name: 'All Aurora',
        smart_rules: {
          match: 'all',
          rules: [{ field: 'artist', operator: 'is', value: 'Aurora Lane' }],
          sort: { field: 'title', order: 'desc' },
        },
      },
    });
    expect(made.statusCode).toBe(201);
    const playlistId = `pl-${made.json().playlist.id}`;
    // Someone else's private track matches the rules but is never listed or counted.
    const listed = (await fan.api.getPlaylists({})).playlists.playlist?.find((p) => p.id === playlistId);
    expect(listed).toMatchObject({ name: 'All Aurora', songCount: 2, readonly: true });
    const shown = await fan.api.getPlaylist({ id: playlistId });
    expect(shown.playlist.entry?.map((entry) => entry.title)).toEqual(['Second Wind', 'First Light']);
    expect(shown.playlist.songCount).toBe(2);
    const xml = await fan.raw.xml('getPlaylist', { id: playlistId });
    expect(xml).toContain('title="Second Wind"');
    expect(xml).not.toContain('Secret Demo');
    expect(xml).not.toContain('readonly');

    const renamed = await fan.raw.json('updatePlaylist', { playlistId, name: 'Mine now' });
    expect(renamed.error).toMatchObject({ code: 50, message: expect.stringContaining('smart playlist') });
    const replaced = await fan.api.createPlaylist({ playlistId, songId: [`tr-${ids.cousin}`] });
    expect(codeOf(replaced)).toBe(50);
    const after = await fan.api.getPlaylist({ id: playlistId });
    expect(after.playlist).toMatchObject({ name: 'All Aurora', songCount: 2 });
    expect((await fan.api.deletePlaylist({ id: playlistId })).status).toBe('ok');
  });
});

describe('Subsonic users', () => {
  it('getUsers is for account managers (users.update); everyone else gets 50', async () => {
    expect(codeOf(await fan.api.getUsers())).toBe(50);
    const admin = await person('admin-users@example.com', 'admin-users', ['music.view', 'users.update']);
    await admin.raw.xml('getUsers');
    const users = await admin.api.getUsers();
    const names = users.users.user?.map((user) => user.username) ?? [];
    expect(names).toEqual(expect.arrayContaining(['fan', 'admin-users']));
    expect(users.users.user?.find((user) => user.username === 'fan')).toMatchObject({
      streamRole: true,
      adminRole: false,
    });
  });

  it('getAvatar redirects to the profile picture; by email only your own; unknown and banned users are 70', async () => {
    await t.deps.db
      .updateTable('users')
      .set({ image: '/api/v1/avatars/fan-key' })
      .where('id', '=', fan.id)
      .execute();
    const own = await fan.api.getAvatar({ username: 'fan@example.com' });
    expect(own.status).toBe(302);
    expect(own.headers.get('location')).toBe('/api/v1/avatars/fan-key');
    const viewer = await person('viewer@example.com', 'viewer');
    const byName = await viewer.api.getAvatar({ username: 'fan' });
    expect(byName.headers.get('location')).toBe('/api/v1/avatars/fan-key');
    for (const username of ['fan@example.com', 'nobody-here', 'viewer']) {
      const answer = (await (await viewer.api.getAvatar({ username })).json()) as {
        'subsonic-response': unknown;
      };
      expect(codeOf(answer['subsonic-response']), username).toBe(70);
    }
    await t.deps.db.updateTable('users').set({ banned_at: new Date() }).where('id', '=', fan.id).execute();
    const banned = (await (await viewer.api.getAvatar({ username: 'fan' })).json()) as {
      'subsonic-response': unknown;
    };
    expect(codeOf(banned['subsonic-response'])).toBe(70);
    await t.deps.db.updateTable('users').set({ banned_at: null }).where('id', '=', fan.id).execute();
  });
});
