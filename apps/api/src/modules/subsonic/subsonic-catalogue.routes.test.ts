import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { insertAlbum, insertArtist, insertTrack } from '../catalogue/catalogue.test-helper';
import { encryptSecret } from '../settings/settings-crypto';
import { generateAppPassword } from './app-password.service';
import { subsonicClient } from './subsonic.test-helper';
import { upsertCredentials } from './subsonic-credentials.repository';

const BYTES = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));
const LISTENER = ['music.view', 'music.play', 'music.download', 'playlists.create', 'playlists.view'];

let t: TestApp;
let base: string;
let client: ReturnType<typeof subsonicClient>;
let ids: {
  artist: number;
  album: number;
  track: number;
  second: number;
  hidden: number;
  hiddenPlaylist: number;
};

async function listenerClient(email: string, permissions = LISTENER) {
  const id = await createTestUser(t.deps, { email, permissions });
  const password = generateAppPassword();
  await upsertCredentials(t.deps.db, id, { app_password: encryptSecret(password, t.deps.appKey) });
  return { id, client: subsonicClient(base, { u: email, password }) };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await t.deps.db
    .insertInto('settings')
    .values({ name: 'player.enable_download', value: 'true' })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: 'true' }))
    .execute();
  await t.deps.cache.deletePrefix('');
  const dir = path.join(t.env.DATA_DIR, 'storage', 'test');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'song.mp3'), BYTES);
  const other = await createTestUser(t.deps, { email: 'other@example.com', permissions: LISTENER });
  const artist = await insertArtist(t, 'Aurora Lane');
  const album = await insertAlbum(t, 'Northern <Lights> & Co', artist);
  const track = await insertTrack(t, {
    name: 'First Light',
    artistId: artist,
    albumId: album,
    number: 1,
    src: 'test/song.mp3',
    duration: 200_000,
  });
  const second = await insertTrack(t, {
    name: 'Second Wind',
    artistId: artist,
    albumId: album,
    number: 2,
    src: 'test/song.mp3',
  });
  const hidden = await insertTrack(t, {
    name: 'Secret Demo',
    artistId: artist,
    albumId: album,
    ownerId: other,
    visibility: 'private',
  });
  const { id: hiddenPlaylist } = await t.deps.db
    .insertInto('playlists')
    .values({ name: 'Private Mix', slug: 'private-mix', owner_id: other, public: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: genre } = await t.deps.db
    .insertInto('genres')
    .values({ name: 'ambient', display_name: 'Ambient' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.deps.db
    .insertInto('genreables')
    .values([
      { genre_id: genre, genreable_type: 'album', genreable_id: album },
      { genre_id: genre, genreable_type: 'track', genreable_id: track },
    ])
    .execute();
  ids = { artist, album, track, second, hidden, hiddenPlaylist };
  client = (await listenerClient('fan@example.com')).client;
}, 120_000);
afterAll(async () => t?.close());

describe('Subsonic browsing, lists and search', () => {
  it('getMusicFolders, getArtists, getArtist, getAlbum, getSong and getGenres validate and agree with JSON', async () => {
    await client.xml('getMusicFolders');
    const artistsXml = await client.xml('getArtists');
    expect(artistsXml).toContain('name="Aurora Lane"');
    const artist = await client.json('getArtist', { id: `ar-${ids.artist}` });
    expect(artist.artist).toMatchObject({
      name: 'Aurora Lane',
      albumCount: 1,
      album: [{ id: `al-${ids.album}` }],
    });
    await client.xml('getArtist', { id: `ar-${ids.artist}` });
    const albumXml = await client.xml('getAlbum', { id: `al-${ids.album}` });
    expect(albumXml).toContain('Northern &lt;Lights&gt; &amp; Co');
    const album = await client.json('getAlbum', { id: `al-${ids.album}` });
    const songs = album.album as { song: { id: string; title: string }[]; songCount: number };
    expect(songs.song.map((song) => song.title)).toEqual(['First Light', 'Second Wind']);
    expect(songs.songCount).toBe(2);
    expect(JSON.stringify(album)).not.toContain('Secret Demo');
    const song = await client.json('getSong', { id: `tr-${ids.track}` });
    expect(song.song).toMatchObject({
      title: 'First Light',
      albumId: `al-${ids.album}`,
      artistId: `ar-${ids.artist}`,
      duration: 200,
      genre: 'Ambient',
    });
    await client.xml('getSong', { id: `tr-${ids.track}` });
    expect(song.song).not.toHaveProperty('replayGain');
    const genresXml = await client.xml('getGenres');
    expect(genresXml).toMatch(/<genre songCount="1" albumCount="1">Ambient<\/genre>/);
    await client.xml('getUser', { username: 'fan@example.com' });
    await client.xml('getLicense');
    await client.xml('getRandomSongs', { size: '5' });
  });

  it("songs carry OpenSubsonic's replayGain from the loudness measure in JSON; the XML stays schema-valid", async () => {
    await t.deps.db
      .updateTable('tracks')
      .set({ track_gain: -3.25, track_peak: 0.891, album_gain: -2.5, album_peak: 0.95 })
      .where('id', '=', ids.second)
      .execute();
    const song = await client.json('getSong', { id: `tr-${ids.second}` });
    expect((song.song as Record<string, unknown>).replayGain).toEqual({
      trackGain: -3.25,
      albumGain: -2.5,
      trackPeak: 0.891,
      albumPeak: 0.95,
      baseGain: 0,
    });
    const album = await client.json('getAlbum', { id: `al-${ids.album}` });
    const songs = (album.album as { song: { id: string; replayGain?: { trackGain: number } }[] }).song;
    expect(songs.find((entry) => entry.id === `tr-${ids.second}`)?.replayGain?.trackGain).toBe(-3.25);
    const xml = await client.xml('getSong', { id: `tr-${ids.second}` });
    expect(xml).not.toContain('replayGain');
    await client.xml('getAlbum', { id: `al-${ids.album}` });
  });

  it('unknown, malformed and hidden ids are error 70 without their names; missing ones 10', async () => {
    for (const [method, id] of [
      ['getSong', `tr-${ids.hidden}`],
      ['getSong', 'tr-999999'],
      ['getSong', 'al-1'],
      ['getSong', 'garbage'],
      ['getAlbum', 'al-99999999999999999'],
      ['getArtist', 'ar-424242'],
      ['getPlaylist', `pl-${ids.hiddenPlaylist}`],
      ['stream', `tr-${ids.hidden}`],
      ['getCoverArt', `tr-${ids.hidden}`],
    ] as const) {
      const answer = await client.json(method, { id });
      expect(answer.error, `${method} ${id}`).toMatchObject({ code: 70 });
      expect(JSON.stringify(answer)).not.toMatch(/Secret Demo|Private Mix/);
    }
    await client.xml('getSong', { id: `tr-${ids.hidden}` });
    expect((await client.json('getAlbum')).error).toMatchObject({ code: 10 });
    expect((await client.json('getAlbumList2')).error).toMatchObject({ code: 10 });
    expect((await client.json('getAlbumList2', { type: 'byYear' })).error).toMatchObject({ code: 10 });
    expect((await client.json('getAlbumList2', { type: 'byGenre' })).error).toMatchObject({ code: 10 });
  });

  it('getAlbumList2 answers every type; sizes and offsets are clamped', async () => {
    const types = [
      'random',
      'newest',
      'highest',
      'frequent',
      'recent',
      'alphabeticalByName',
      'alphabeticalByArtist',
      'starred',
    ];
    for (const type of types) await client.xml('getAlbumList2', { type, size: '5' });
    await client.xml('getAlbumList2', { type: 'byYear', fromYear: '2030', toYear: '2000' });
    const byYear = await client.json('getAlbumList2', { type: 'byYear', fromYear: '2020', toYear: '2025' });
    expect((byYear.albumList2 as { album: unknown[] }).album).toHaveLength(1);
    const byGenre = await client.json('getAlbumList2', { type: 'byGenre', genre: 'Ambient' });
    expect((byGenre.albumList2 as { album: unknown[] }).album).toHaveLength(1);
    for (const [size, offset] of [
      ['-5', '-3'],
      ['100000000', '0'],
      ['abc', 'xyz'],
      ['10', '99999999999'],
    ] as const) {
      const answer = await client.json('getAlbumList2', { type: 'newest', size, offset });
      expect(answer.status, `${size}/${offset}`).toBe('ok');
    }
  });

  it('search3 with an empty query lists everything, paged, and never a hidden track', async () => {
    const all = await client.json('search3', { query: '', songCount: '1', songOffset: '0' });
    const first = (all.searchResult3 as { song: { title: string }[] }).song;
    expect(first).toHaveLength(1);
    const next = await client.json('search3', { query: '""', songCount: '1', songOffset: '1' });
    expect((next.searchResult3 as { song: { title: string }[] }).song[0]?.title).not.toBe(first[0]?.title);
    await client.xml('search3', { query: 'light', songCount: '-1', albumCount: '9999' });
    const hidden = await client.json('search3', { query: 'Secret' });
    expect(JSON.stringify(hidden)).not.toContain('Secret Demo');
    const percent = await client.json('search3', { query: '%_' });
    expect((percent.searchResult3 as { song?: unknown[] }).song ?? []).toHaveLength(0);
  });
});

describe('Subsonic extras: lyrics, genres, top songs, features Cadence has not', () => {
  it('getLyrics, getLyricsBySongId (synced lines), getSongsByGenre, getTopSongs and the empty lists', async () => {
    await t.deps.db
      .insertInto('lyrics')
      .values({
        track_id: ids.track,
        text: '[00:01.50]Hello\n[00:03.00]World',
        synced: true,
        language: 'en',
        source: null,
      })
      .execute();
    await t.deps.db
      .insertInto('lyrics')
      .values({ track_id: ids.hidden, text: 'Secret words', synced: false, language: null, source: null })
      .execute();
    const fan = await listenerClient('reader@example.com', [...LISTENER, 'lyrics.view']);
    const xml = await fan.client.xml('getLyrics', { artist: 'Aurora', title: 'First Light' });
    expect(xml).toContain('Hello\nWorld');
    expect(await fan.client.xml('getLyrics', { title: 'Secret Demo' })).not.toContain('Secret words');
    const structured = await fan.client.json('getLyricsBySongId', { id: `tr-${ids.track}` });
    expect(structured.lyricsList).toMatchObject({
      structuredLyrics: [
        {
          synced: true,
          line: [
            { start: 1500, value: 'Hello' },
            { start: 3000, value: 'World' },
          ],
        },
      ],
    });
    const hidden = await fan.client.json('getLyricsBySongId', { id: `tr-${ids.hidden}` });
    expect(hidden.error).toMatchObject({ code: 70 });
    expect(JSON.stringify(hidden)).not.toContain('Secret');
    const byGenre = await fan.client.json('getSongsByGenre', { genre: 'ambient', count: '-4' });
    expect(byGenre.songsByGenre).toMatchObject({ song: [{ title: 'First Light' }] });
    await fan.client.xml('getSongsByGenre', { genre: 'Ambient' });
    const top = await fan.client.json('getTopSongs', { artist: 'aurora lane' });
    expect((top.topSongs as { song: { title: string }[] }).song.map((song) => song.title).sort()).toEqual([
      'First Light',
      'Second Wind',
    ]);
    await fan.client.xml('getTopSongs', { artist: 'Aurora Lane' });
    for (const method of [
      'getInternetRadioStations',
      'getPodcasts',
      'getNewestPodcasts',
      'getShares',
      'getChatMessages',
      'getVideos',
      'getScanStatus',
    ]) {
      await fan.client.xml(method);
    }
  });

  it('deeper paths, other body types and oversized bodies still answer Subsonic documents', async () => {
    const deeper = await fetch(`${base}/rest/ping.view/more`);
    expect(deeper.status).toBe(200);
    expect(await deeper.text()).toContain('status="failed"');
    const jsonBody = await fetch(client.url('ping', { f: 'json' }), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(jsonBody.status).toBe(200);
    expect(
      ((await jsonBody.json()) as { 'subsonic-response': { status: string } })['subsonic-response'].status,
    ).toBe('failed');
    const huge = await fetch(`${base}/rest/ping.view`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `u=${'x'.repeat(300_000)}`,
    });
    expect(huge.status).toBe(200);
    expect(await huge.text()).toContain('status="failed"');
  });
});

describe('Subsonic media, stars, scrobbles and playlists', () => {
  it('stream answers a range with 206 and the bytes; download too; a track without audio is 70', async () => {
    const ranged = await fetch(
      client.url('stream', { id: `tr-${ids.track}`, format: 'raw', maxBitRate: '64' }),
      {
        headers: { range: 'bytes=100-199' },
      },
    );
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(BYTES.subarray(100, 200));
    const whole = await fetch(client.url('download', { id: `tr-${ids.track}` }));
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toContain('attachment');
    expect((await whole.arrayBuffer()).byteLength).toBe(BYTES.length);
  });

  it('star, getStarred2 and unstar use the web likes; scrobble counts a play under the play rule', async () => {
    const fan = await listenerClient('scrobbler@example.com');
    expect(
      (
        await fan.client.json('star', {
          id: `tr-${ids.track}`,
          albumId: `al-${ids.album}`,
          artistId: `ar-${ids.artist}`,
        })
      ).status,
    ).toBe('ok');
    const liked = await t.deps.db
      .selectFrom('likes')
      .select(['likeable_type', 'likeable_id'])
      .where('user_id', '=', fan.id)
      .execute();
    expect(liked).toHaveLength(3);
    const starredXml = await fan.client.xml('getStarred2');
    expect(starredXml).toContain(`id="tr-${ids.track}"`);
    expect((await fan.client.json('star', { id: `tr-${ids.hidden}` })).error).toMatchObject({ code: 70 });
    await fan.client.json('unstar', { id: `tr-${ids.track}` });
    const after = await fan.client.json('getStarred2');
    expect((after.starred2 as { song?: unknown[] }).song ?? []).toHaveLength(0);

    const before = await t.deps.db.selectFrom('plays').select('id').where('user_id', '=', fan.id).execute();
    expect((await fan.client.json('scrobble', { id: `tr-${ids.track}`, submission: 'false' })).status).toBe(
      'ok',
    );
    await fan.client.json('scrobble', { id: `tr-${ids.track}`, submission: 'true' });
    const early = await t.deps.db.selectFrom('plays').select('id').where('user_id', '=', fan.id).execute();
    expect(early.length).toBe(before.length); // seconds after "now playing": not a play yet
    await fan.client.json('scrobble', { id: `tr-${ids.second}`, submission: 'true' });
    const counted = await t.deps.db
      .selectFrom('plays')
      .select(['track_id', 'source'])
      .where('user_id', '=', fan.id)
      .execute();
    expect(counted).toEqual([{ track_id: ids.second, source: 'api' }]);
    expect((await fan.client.json('scrobble')).error).toMatchObject({ code: 10 });

    // An app's offline play, sent days later with its `time`, counts on the day it was heard.
    const heard = Date.now() - 2 * 24 * 3600 * 1000;
    await fan.client.json('scrobble', { id: `tr-${ids.track}`, submission: 'true', time: String(heard) });
    const late = await t.deps.db
      .selectFrom('plays')
      .select('played_at')
      .where('user_id', '=', fan.id)
      .where('track_id', '=', ids.track)
      .execute();
    expect(late.map((row) => row.played_at.getTime())).toEqual([heard]);
  });

  it('createPlaylist, getPlaylists, updatePlaylist, getPlaylist and deletePlaylist honour owners', async () => {
    const made = await client.json('createPlaylist', {
      name: 'Road Trip',
      songId: [`tr-${ids.track}`, `tr-${ids.second}`],
    });
    expect(made.error).toBeUndefined();
    const playlist = made.playlist as { id: string; songCount: number; entry: { id: string }[] };
    expect(playlist.songCount).toBe(2);
    await client.xml('getPlaylists');
    await client.xml('getPlaylist', { id: playlist.id });
    await client.json('updatePlaylist', {
      playlistId: playlist.id,
      name: 'Road Trip 2',
      songIndexToRemove: '0',
      public: 'true',
    });
    const updated = await client.json('getPlaylist', { id: playlist.id });
    expect(updated.playlist).toMatchObject({
      name: 'Road Trip 2',
      songCount: 1,
      public: true,
      entry: [{ id: `tr-${ids.second}` }],
    });
    const withHidden = await client.json('updatePlaylist', {
      playlistId: playlist.id,
      songIdToAdd: `tr-${ids.hidden}`,
    });
    expect(withHidden.error).toMatchObject({ code: 70 });
    const refused = await client.json('createPlaylist', { name: 'Nope', songId: `tr-${ids.hidden}` });
    expect(refused.error).toMatchObject({ code: 70 });
    const names = await t.deps.db.selectFrom('playlists').select('name').where('name', '=', 'Nope').execute();
    expect(names).toHaveLength(0);
    const stranger = await listenerClient('stranger@example.com');
    expect((await stranger.client.json('deletePlaylist', { id: playlist.id })).error).toMatchObject({
      code: 50,
    });
    expect(
      (await stranger.client.json('deletePlaylist', { id: `pl-${ids.hiddenPlaylist}` })).error,
    ).toMatchObject({ code: 70 });
    expect((await client.json('deletePlaylist', { id: playlist.id })).status).toBe('ok');
    expect((await client.json('getPlaylist', { id: playlist.id })).error).toMatchObject({ code: 70 });
  });

  it('a user without music.view is not authorized (50) to browse', async () => {
    const bare = await listenerClient('bare@example.com', []);
    expect((await bare.client.json('getArtists')).error).toMatchObject({ code: 50 });
    expect((await bare.client.json('stream', { id: `tr-${ids.track}` })).error).toMatchObject({ code: 50 });
  });
});
