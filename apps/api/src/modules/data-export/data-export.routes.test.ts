import { XMLValidator } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  actor,
  type Headers,
  insertAlbum,
  insertArtist,
  insertTrack,
} from '../catalogue/catalogue.test-helper';
import { dataExportStream } from './build-data-export';

let t: TestApp;
let fan: { id: number; headers: Headers };
let trackIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  fan = await actor(t, ['music.view', 'music.play', 'playlists.create']);
  const artist = await insertArtist(t, 'Export Artist');
  const album = await insertAlbum(t, 'Export Album', artist);
  trackIds = [
    await insertTrack(t, { name: 'First, "quoted"', artistId: artist, albumId: album, duration: 100_000 }),
    await insertTrack(t, { name: 'Second <&>', artistId: artist, albumId: album, duration: 200_000 }),
    await insertTrack(t, { name: 'My Upload', artistId: artist, ownerId: fan.id, duration: 60_000 }),
  ];
  const { db } = t.deps;
  await db
    .insertInto('likes')
    .values({ user_id: fan.id, likeable_type: 'track', likeable_id: trackIds[0] as number })
    .execute();
  await db
    .insertInto('follows')
    .values({ follower_id: fan.id, followable_type: 'artist', followable_id: artist })
    .execute();
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/playlists',
    headers: fan.headers,
    payload: { name: 'Road Trip' },
  });
  const playlistId = created.json().playlist.id;
  await t.app.inject({
    method: 'POST',
    url: `/api/v1/playlists/${playlistId}/tracks`,
    headers: fan.headers,
    payload: { track_ids: [trackIds[1], trackIds[0]] },
  });
  await t.app.inject({
    method: 'POST',
    url: `/api/v1/tracks/${trackIds[0]}/plays`,
    headers: fan.headers,
    payload: { duration_played_ms: 60_000 },
  });
}, 120_000);
afterAll(async () => t?.close());

const ask = (headers: Headers) =>
  t.app.inject({ method: 'POST', url: '/api/v1/account/data-export', headers });
const state = async (headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/account/data-export', headers })).json().export;
const download = (headers: Headers, url: string) =>
  t.app.inject({ method: 'GET', url: new URL(url).pathname, headers });

describe('Download your data', () => {
  it('builds a zip in the background with the account, likes, follows, playlists, history and uploads, and notifies with the link', async () => {
    expect(await state(fan.headers)).toBeNull();
    const asked = await ask(fan.headers);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().export).toMatchObject({ status: 'pending', download_url: null });
    await t.app.jobs.drain();
    const ready = await state(fan.headers);
    expect(ready).toMatchObject({ status: 'ready' });
    expect(new Date(ready.expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    const notice = await t.deps.db
      .selectFrom('notifications')
      .select(['type', 'data'])
      .where('user_id', '=', fan.id)
      .executeTakeFirstOrThrow();
    expect(notice.type).toBe('csv_export_ready');
    expect(JSON.stringify(notice.data)).toContain(new URL(ready.download_url).pathname);

    const answer = await download(fan.headers, ready.download_url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    const files = unzipSync(answer.rawPayload);
    const text = (name: string) => strFromU8(files[name] as Uint8Array);
    const playlistBase = Object.keys(files)
      .find((name) => name.endsWith('road-trip.json'))
      ?.replace(/\.json$/, '');
    expect(playlistBase).toBeDefined();
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'account.json',
        'follows.json',
        'history.csv',
        'history.json',
        'likes.json',
        `${playlistBase}.json`,
        `${playlistBase}.m3u8`,
        `${playlistBase}.xspf`,
        'uploads.json',
      ].sort(),
    );
    const account = JSON.parse(text('account.json'));
    expect(account.id).toBe(fan.id);
    expect(account).not.toHaveProperty('password');
    expect(account).not.toHaveProperty('two_factor_secret');
    expect(JSON.parse(text('likes.json'))).toEqual([
      expect.objectContaining({ type: 'track', id: trackIds[0], name: 'First, "quoted"' }),
    ]);
    expect(JSON.parse(text('follows.json'))).toEqual([
      expect.objectContaining({ type: 'artist', name: 'Export Artist' }),
    ]);
    const playlist = JSON.parse(text(`${playlistBase}.json`));
    expect(playlist.tracks.map((track: { id: number }) => track.id)).toEqual([trackIds[1], trackIds[0]]);
    const m3u = text(`${playlistBase}.m3u8`);
    expect(m3u.split('\n').slice(0, 3)).toEqual([
      '#EXTM3U',
      '#PLAYLIST:Road Trip',
      '#EXTINF:200,Export Artist - Second <&>',
    ]);
    const xspf = text(`${playlistBase}.xspf`);
    expect(XMLValidator.validate(xspf)).toBe(true);
    expect(xspf).toContain('<title>Second &lt;&amp;&gt;</title>');
    expect(xspf).toContain('<duration>200000</duration>');
    const csv = text('history.csv').split('\r\n');
    expect(csv[0]).toBe(
      'played_at,track_id,track,artists,album,duration_played_ms,source,platform,device,browser,country',
    );
    expect(csv[1]).toContain(`,${trackIds[0]},"First, ""quoted""",Export Artist,Export Album,60000,`);
    expect(JSON.parse(text('history.json'))).toHaveLength(1);
    expect(JSON.parse(text('uploads.json')).tracks).toEqual([
      expect.objectContaining({ id: trackIds[2], name: 'My Upload' }),
    ]);

    // Only its owner may download it.
    const other = await actor(t, []);
    expect((await download(other.headers, ready.download_url)).statusCode).toBe(404);
  });

  it('lets the link expire, then deletes the archive', async () => {
    const user = await actor(t, []);
    await ask(user.headers);
    await t.app.jobs.drain();
    const ready = await state(user.headers);
    await t.deps.db
      .updateTable('data_exports')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', ready.id)
      .execute();
    expect(await state(user.headers)).toMatchObject({ status: 'expired', download_url: null });
    const gone = await download(user.headers, ready.download_url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This download link has expired. Ask for a new archive.');
    expect(await t.app.services.dataExports.pruneExpired()).toBeGreaterThanOrEqual(1);
    expect(await state(user.headers)).toBeNull();
  });

  it('builds an archive asked for before a restart once the api is up again', async () => {
    const user = await actor(t, []);
    // The process died after storing the ask, before its job ran.
    const { id } = await t.deps.db
      .insertInto('data_exports')
      .values({ user_id: user.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const restarted = await buildApp(t.deps);
    try {
      await restarted.ready();
      await restarted.jobs.drain();
    } finally {
      await restarted.close();
    }
    const row = await t.deps.db
      .selectFrom('data_exports')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('ready');
  });

  it('streams a long history page by page: every play once, in order, the same JSON and CSV', async () => {
    const listener = await actor(t, []);
    const base = Date.UTC(2026, 0, 1);
    // 11 plays over pages of 3, two of them at the same instant (the page edge's tie).
    const times = [0, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9].map((minute) => new Date(base + minute * 60_000));
    await t.deps.db
      .insertInto('plays')
      .values(
        times.map((played_at, index) => ({
          track_id: trackIds[index % 2] as number,
          user_id: listener.id,
          played_at,
          duration_played_ms: 1_000 + index,
          source: 'player' as const,
          listener_hash: `export-${index}`,
        })),
      )
      .execute();
    const stream = await dataExportStream(t.deps.db, listener.id, 'http://localhost/', { historyPage: 3 });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk));
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    const jsonText = strFromU8(files['history.json'] as Uint8Array);
    const plays = JSON.parse(jsonText);
    expect(jsonText).toBe(`${JSON.stringify(plays, null, 2)}\n`);
    expect(plays.map((play: { duration_played_ms: number }) => play.duration_played_ms)).toEqual(
      times.map((_, index) => 1_000 + index),
    );
    expect(plays[0]).toMatchObject({ track: 'First, "quoted"', artists: ['Export Artist'] });
    const csv = strFromU8(files['history.csv'] as Uint8Array).split('\r\n');
    expect(csv).toHaveLength(1 + times.length + 1);
    expect(csv.at(-1)).toBe('');
    expect(csv[11]).toContain(',1010,player,');

    // No plays at all: an empty list and a header.
    const quiet = await actor(t, []);
    const empty = await dataExportStream(t.deps.db, quiet.id, 'http://localhost/', { historyPage: 3 });
    const emptyChunks: Buffer[] = [];
    for await (const chunk of empty) emptyChunks.push(Buffer.from(chunk));
    const emptyFiles = unzipSync(new Uint8Array(Buffer.concat(emptyChunks)));
    expect(strFromU8(emptyFiles['history.json'] as Uint8Array)).toBe('[]\n');
    expect(strFromU8(emptyFiles['history.csv'] as Uint8Array).split('\r\n')).toHaveLength(2);
  });
});
