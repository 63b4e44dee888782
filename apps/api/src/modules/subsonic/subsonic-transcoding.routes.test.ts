import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SubsonicAPI } from 'subsonic-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actor, insertArtist, insertTrack } from '../catalogue/catalogue.test-helper';
import { encryptSecret } from '../settings/settings-crypto';
import { generateAppPassword } from './app-password.service';
import { upsertCredentials } from './subsonic-credentials.repository';

/**
 * Subsonic `stream` through the transcoding module (issue 35 with issue 36): the parameters an
 * app sends, and the listener's own limit on every stream, Subsonic and web, without parameters.
 */
const FFMPEG = '/usr/bin/ffmpeg';
const SECONDS = 6;

let t: TestApp;
let base: string;
let dir: string;
let flacId: number;
let brokenId: number;
let original: Buffer;

/** codec, average bitrate (bits/s, from size and duration) and duration, as ffprobe reads them. */
async function probe(bytes: Buffer): Promise<{ codec: string; bitRate: number; duration: number }> {
  // A file, not a pipe: ffprobe guesses durations from a pipe.
  const file = path.join(dir, `probe-${Math.random().toString(36).slice(2)}`);
  await writeFile(file, bytes);
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name:format=duration',
    '-of',
    'json',
    file,
  ]);
  const parsed = JSON.parse(out.toString()) as {
    streams: { codec_name: string }[];
    format: { duration?: string };
  };
  const duration = Number(parsed.format.duration ?? 0);
  return { codec: parsed.streams[0]?.codec_name ?? '', bitRate: (bytes.length * 8) / duration, duration };
}

/** A listener with an app password; `api` is the `subsonic-api` client others wrote. */
async function listener(extra: Record<string, string> = {}) {
  const person = await actor(t, ['music.view', 'music.play']);
  const password = generateAppPassword();
  await upsertCredentials(t.deps.db, person.id, { app_password: encryptSecret(password, t.deps.appKey) });
  const email = (
    await t.deps.db.selectFrom('users').select('email').where('id', '=', person.id).executeTakeFirstOrThrow()
  ).email;
  const api = new SubsonicAPI({
    url: base,
    auth: { username: email, password },
    fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, ...extra } }),
  });
  return { ...person, api };
}

beforeAll(async () => {
  t = await createTestApp({ env: { FFMPEG_PATH: FFMPEG } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await t.deps.cache.deletePrefix('');
  dir = path.join(t.deps.env.DATA_DIR, 'storage', 'music');
  await mkdir(dir, { recursive: true });
  // Noise compresses badly: its FLAC is well above any profile's bitrate, like real music.
  const file = path.join(dir, 'noise.flac');
  execFileSync(FFMPEG, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=d=${SECONDS}:a=0.3:r=44100`,
    '-ac',
    '2',
    '-c:a',
    'flac',
    file,
  ]);
  original = await readFile(file);
  await writeFile(path.join(dir, 'broken.flac'), 'not audio at all');
  const artistId = await insertArtist(t, 'Static Choir');
  flacId = await insertTrack(t, {
    name: 'Noise',
    artistId,
    src: 'music/noise.flac',
    duration: SECONDS * 1000,
  });
  await t.deps.db
    .updateTable('tracks')
    .set({ mime: 'audio/flac', bitrate: 1_100_000 })
    .where('id', '=', flacId)
    .execute();
  brokenId = await insertTrack(t, { name: 'Broken', artistId, src: 'music/broken.flac', duration: 5000 });
  await t.deps.db
    .updateTable('tracks')
    .set({ mime: 'audio/flac', bitrate: 1_100_000 })
    .where('id', '=', brokenId)
    .execute();
}, 120_000);
afterAll(async () => t?.close());

describe('Subsonic stream transcodes', { timeout: 90_000 }, () => {
  it('sends a FLAC asked with maxBitRate=128 as 128 kbps Opus, and as MP3 when mp3 is asked', async () => {
    const { api } = await listener();
    const opus = await api.stream({ id: `tr-${flacId}`, maxBitRate: 128 });
    expect(opus.status).toBe(200);
    expect(opus.headers.get('content-type')).toBe('audio/ogg');
    const opusInfo = await probe(Buffer.from(await opus.arrayBuffer()));
    expect(opusInfo.codec).toBe('opus');
    expect(opusInfo.bitRate / 1000).toBeGreaterThan(120);
    expect(opusInfo.bitRate / 1000).toBeLessThan(140);
    expect(opusInfo.duration).toBeCloseTo(SECONDS, 0);

    const mp3 = await api.stream({ id: `tr-${flacId}`, maxBitRate: 128, format: 'mp3' });
    expect(mp3.headers.get('content-type')).toBe('audio/mpeg');
    const mp3Info = await probe(Buffer.from(await mp3.arrayBuffer()));
    expect(mp3Info.codec).toBe('mp3');
    expect(mp3Info.bitRate / 1000).toBeCloseTo(128, -1);
  });

  it('sends the original for raw and for a format it cannot make, with byte ranges', async () => {
    const { api } = await listener({ range: 'bytes=100-1099' });
    for (const format of ['raw', 'flac', 'wma']) {
      const response = await api.stream({ id: `tr-${flacId}`, maxBitRate: 64, format: format as 'raw' });
      expect(response.status, format).toBe(206);
      expect(response.headers.get('content-type')).toBe('audio/flac');
      expect(response.headers.get('content-range')).toBe(`bytes 100-1099/${original.length}`);
      expect(Buffer.from(await response.arrayBuffer()).equals(original.subarray(100, 1100))).toBe(true);
    }
  });

  it('answers a Subsonic error, never a 5xx, when ffmpeg cannot read the file', async () => {
    const { api } = await listener();
    const failed = await api.stream({ id: `tr-${brokenId}`, maxBitRate: 128 });
    expect(failed.status).toBe(200);
    expect(failed.headers.get('x-transcoded-as')).toBeNull();
    const body = (await failed.json()) as { 'subsonic-response': { status: string; error: unknown } };
    expect(body['subsonic-response'].status).toBe('failed');
    expect(body['subsonic-response'].error).toEqual({
      code: 0,
      message: 'This track could not be transcoded.',
    });
  });

  it('starts at timeOffset, and announces an estimated Content-Length it keeps', async () => {
    const { api } = await listener();
    const seek = await api.stream({ id: `tr-${flacId}`, maxBitRate: 96, format: 'mp3', timeOffset: 4 });
    expect((await probe(Buffer.from(await seek.arrayBuffer()))).duration).toBeCloseTo(SECONDS - 4, 0);

    const estimated = await api.stream({
      id: `tr-${flacId}`,
      maxBitRate: 160,
      format: 'aac',
      estimateContentLength: true,
    });
    const expected = Math.ceil((SECONDS * 160_000) / 8);
    expect(estimated.headers.get('content-length')).toBe(String(expected));
    const bytes = Buffer.from(await estimated.arrayBuffer());
    expect(bytes.length).toBe(expected);
    expect((await probe(bytes)).codec).toBe('aac');
  });

  it("applies the listener's own limit to every stream, Subsonic and web, without parameters", async () => {
    const limited = await listener();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/listening',
      headers: limited.headers,
      payload: { max_bit_rate: 64, format: 'mp3' },
    });
    expect(saved.statusCode).toBe(200);
    const viaApp = await limited.api.stream({ id: `tr-${flacId}` });
    expect(viaApp.headers.get('x-transcoded-as')).toBe('mp3; 64k');
    expect((await probe(Buffer.from(await viaApp.arrayBuffer()))).codec).toBe('mp3');
    const viaWeb = await t.app.inject({ url: `/api/v1/tracks/${flacId}/stream`, headers: limited.headers });
    expect(viaWeb.headers['x-transcoded-as']).toBe('mp3; 64k');
    // `raw` is the app's explicit wish for the original.
    const raw = await limited.api.stream({ id: `tr-${flacId}`, format: 'raw' });
    expect(raw.headers.get('content-type')).toBe('audio/flac');
    await raw.arrayBuffer();

    // Lifting the limit applies at once, on the next stream.
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/listening',
      headers: limited.headers,
      payload: { max_bit_rate: null },
    });
    const lifted = await t.app.inject({ url: `/api/v1/tracks/${flacId}/stream`, headers: limited.headers });
    expect(lifted.headers['content-type']).toBe('audio/flac');
    expect(lifted.headers['x-transcoded-as']).toBeUndefined();
  });

  it('sends a listener without a limit the original file, as before', async () => {
    const plain = await listener();
    const viaApp = await plain.api.stream({ id: `tr-${flacId}` });
    expect(viaApp.headers.get('content-type')).toBe('audio/flac');
    expect(Buffer.from(await viaApp.arrayBuffer()).equals(original)).toBe(true);
    const viaWeb = await t.app.inject({ url: `/api/v1/tracks/${flacId}/stream`, headers: plain.headers });
    expect(viaWeb.headers['content-type']).toBe('audio/flac');
    expect(viaWeb.rawPayload.equals(original)).toBe(true);
    // The limits were read once and are kept: the next stream asks the cache, not the database.
    expect(await t.deps.cache.get(`listening:limits:${plain.id}`)).toEqual({
      max_bit_rate: null,
      format: null,
    });
  });
});
