import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../../seed/demo-catalogue';
import { readWavHeader } from '../../seed/demo-catalogue-audio';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actor, insertArtist, insertTrack } from '../catalogue/catalogue.test-helper';

let t: TestApp;
let fileTrackId: number;
const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO_CATALOGUE: 'true' } });
  const dir = path.join(t.env.DATA_DIR, 'storage', 'test');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'bytes.mp3'), BYTES);
  const artistId = await insertArtist(t, 'Range Tester');
  fileTrackId = await insertTrack(t, { name: 'Bytes', artistId, src: 'test/bytes.mp3' });
}, 60_000);
afterAll(async () => t?.close());

/** The app's address over a real socket (listening once for every test that needs one). */
async function listening(): Promise<string> {
  const bound = t.app.server.address();
  if (bound && typeof bound === 'object') return `http://127.0.0.1:${bound.port}`;
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

const stream = (id: number, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/v1/tracks/${id}/stream`, headers });

describe('demo catalogue', () => {
  it('seeds artists, albums, tracks with waveforms, lyrics and playlists', async () => {
    const count = async (table: 'artists' | 'albums' | 'tracks' | 'playlists' | 'lyrics' | 'genres') =>
      Number(
        (
          await t.deps.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // The file's own fixtures add one artist and one track after the seed.
    expect(await count('artists')).toBe(6 + 1);
    expect(await count('albums')).toBe(8);
    expect(await count('tracks')).toBe(28 + 1);
    expect(await count('playlists')).toBe(3);
    expect(await count('genres')).toBe(7);
    const synced = await t.deps.db.selectFrom('lyrics').selectAll().where('synced', '=', true).execute();
    expect(synced.length).toBeGreaterThan(0);
    expect(synced[0]?.text).toMatch(/^\[\d{2}:\d{2}\.\d{2}\] /);
  });

  it('is idempotent: a second run creates nothing', async () => {
    const before = await t.deps.db.selectFrom('tracks').select('id').execute();
    expect(await seedDemoCatalogue(t.deps.db, t.env)).toEqual({ created: false });
    expect(await t.deps.db.selectFrom('tracks').select('id').execute()).toHaveLength(before.length);
  });

  it('streams a demo track with Range and the bytes decode as a WAV of the stored duration', async () => {
    const track = await t.deps.db
      .selectFrom('tracks')
      .selectAll()
      .where('src', 'like', 'demo/%')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const head = await stream(track.id, { range: 'bytes=0-43' });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-type']).toBe('audio/wav');
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.rawPayload.length).toBe(44);
    const info = readWavHeader(head.rawPayload);
    expect(info).toMatchObject({ sampleRate: 22_050, channels: 1, bitsPerSample: 16 });
    expect(Math.abs((info?.durationMs ?? 0) - (track.duration ?? 0))).toBeLessThanOrEqual(1);
    const total = Number(String(head.headers['content-range']).split('/')[1]);
    expect(total).toBe(44 + Math.round(((track.duration ?? 0) / 1000) * 22_050) * 2);
    expect(track.waveform?.length).toBe(200);
    expect(Math.max(...(track.waveform ?? []))).toBeGreaterThan(0.5);

    const wave = await t.app.inject({ url: `/api/v1/tracks/${track.id}/wave` });
    expect(wave.json().waveform).toEqual(track.waveform);
  });

  it('serves artwork with resized variants and a year of cache', async () => {
    const album = await t.deps.db.selectFrom('albums').select('image').executeTakeFirstOrThrow();
    const original = await t.app.inject({ url: album.image as string });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const small = await t.app.inject({ url: `${album.image}?w=64` });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.readUInt32BE(16)).toBe(64);
    expect(small.rawPayload.length).toBeLessThan(original.rawPayload.length);
    expect(small.headers.vary).toBe('Accept');
    const webp = await t.app.inject({
      url: `${album.image}?w=64`,
      headers: { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' },
    });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers.vary).toBe('Accept');
    expect(webp.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(webp.rawPayload.length).toBeLessThan(small.rawPayload.length);
    // The PNG variant cached beside it is still what a browser without WebP gets.
    expect((await t.app.inject({ url: `${album.image}?w=64` })).headers['content-type']).toBe('image/png');
    expect(original.headers.vary).toBeUndefined();
    expect((await t.app.inject({ url: `${album.image}?w=65` })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/v1/images/..%2F..%2Fetc%2Fpasswd.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/images/demo/missing.png' })).statusCode).toBe(404);
  });
});

describe('byte ranges', () => {
  it('answers the whole file with 200 and Accept-Ranges', async () => {
    const response = await stream(fileTrackId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-length']).toBe('1000');
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.rawPayload.equals(BYTES)).toBe(true);
  });

  it.each([
    ['bytes=0-', 0, 999],
    ['bytes=0-0', 0, 0],
    ['bytes=999-999', 999, 999],
    ['bytes=998-', 998, 999],
    ['bytes=100-199', 100, 199],
    ['bytes=500-5000', 500, 999],
    ['bytes=-1', 999, 999],
    ['bytes=-250', 750, 999],
    ['bytes=-5000', 0, 999],
  ])('%s -> 206 %i-%i', async (range, start, end) => {
    const response = await stream(fileTrackId, { range });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
    expect(response.headers['content-length']).toBe(String(end - start + 1));
    expect(response.rawPayload.equals(BYTES.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=1000-', 'bytes=1000-1001', 'bytes=-0', 'bytes=5-2', 'bytes=abc', 'bytes=-'])(
    '%s -> 416 with bytes */size',
    async (range) => {
      const response = await stream(fileTrackId, { range });
      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe('bytes */1000');
    },
  );

  it('sends files past the single-read size as a stream, whole and by range, byte for byte', async () => {
    // 2.5 MiB: ranges up to 1 MiB go out as one buffer, anything larger streams from the handle.
    const big = Buffer.from(Array.from({ length: 2.5 * 1024 * 1024 }, (_, i) => (i * 7) % 256));
    await writeFile(path.join(t.env.DATA_DIR, 'storage', 'test', 'big.mp3'), big);
    const artistId = await insertArtist(t, 'Big File Tester');
    const id = await insertTrack(t, { name: 'Big', artistId, src: 'test/big.mp3' });
    const whole = await stream(id);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(big)).toBe(true);
    const across = await stream(id, { range: 'bytes=100-2000000' });
    expect(across.statusCode).toBe(206);
    expect(across.headers['content-range']).toBe(`bytes 100-2000000/${big.length}`);
    expect(across.rawPayload.equals(big.subarray(100, 2_000_001))).toBe(true);
    const small = await stream(id, { range: 'bytes=1048576-1310719' });
    expect(small.rawPayload.equals(big.subarray(1_048_576, 1_310_720))).toBe(true);
  });

  it('keeps serving a file after a listener walks away in the middle of it', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    await writeFile(path.join(t.env.DATA_DIR, 'storage', 'test', 'abandoned.mp3'), big);
    const artistId = await insertArtist(t, 'Abandon Tester');
    const id = await insertTrack(t, { name: 'Abandoned', artistId, src: 'test/abandoned.mp3' });
    const address = await listening();
    // Over a real socket: the client reads one chunk of the streamed file, then hangs up.
    for (let attempt = 0; attempt < 3; attempt++) {
      await new Promise<void>((resolve, reject) => {
        const request = http.get(`${address}/api/v1/tracks/${id}/stream`, (response) => {
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        });
        request.once('error', (error) =>
          (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve() : reject(error),
        );
      });
    }
    // The shared handle of the file is still open for everyone else.
    const whole = await stream(id);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(big)).toBe(true);
    const range = await stream(id, { range: 'bytes=0-99' });
    expect(range.statusCode).toBe(206);
  });

  it('sends every byte right to many listeners at once over real sockets (read buffers are reused)', async () => {
    // Each byte differs from its neighbours, so a buffer reused while still queued would show.
    const big = Buffer.from(
      Array.from({ length: 3 * 1024 * 1024 + 123 }, (_, i) => (i * 31 + (i >> 8)) % 256),
    );
    await writeFile(path.join(t.env.DATA_DIR, 'storage', 'test', 'crowd.mp3'), big);
    const artistId = await insertArtist(t, 'Crowd Tester');
    const id = await insertTrack(t, { name: 'Crowd', artistId, src: 'test/crowd.mp3' });
    const address = await listening();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
    const get = (range?: string) =>
      new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
        http
          .get(
            `${address}/api/v1/tracks/${id}/stream`,
            { agent, headers: range ? { range } : {} },
            (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.once('end', () =>
                resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
              );
              response.once('error', reject);
            },
          )
          .once('error', reject);
      });
    const ranges = Array.from({ length: 24 }, (_, i) => {
      const start = (i * 262_147) % big.length;
      const end = Math.min(big.length - 1, start + [65_535, 262_143, 900_000, 1_500_000][i % 4]!);
      return { start, end };
    });
    try {
      const answers = await Promise.all([
        get(),
        ...ranges.map(({ start, end }) => get(`bytes=${start}-${end}`)),
        get(),
      ]);
      const [firstWhole, ...rest] = answers;
      const lastWhole = rest.pop();
      for (const whole of [firstWhole, lastWhole]) {
        expect(whole?.status).toBe(200);
        expect(whole?.body.equals(big)).toBe(true);
      }
      rest.forEach((answer, index) => {
        const { start, end } = ranges[index]!;
        expect(answer.status).toBe(206);
        expect(answer.body.equals(big.subarray(start, end + 1))).toBe(true);
      });
    } finally {
      agent.destroy();
    }
  });

  it('serves the new bytes of a file replaced in place, and 404s a file deleted while its handle was open', async () => {
    const file = path.join(t.env.DATA_DIR, 'storage', 'test', 'replaced.mp3');
    const before = Buffer.alloc(4000, 1);
    await writeFile(file, before);
    const artistId = await insertArtist(t, 'Replace Tester');
    const id = await insertTrack(t, { name: 'Replaced', artistId, src: 'test/replaced.mp3' });
    expect((await stream(id, { range: 'bytes=0-99' })).rawPayload.equals(before.subarray(0, 100))).toBe(true);
    const etag = String((await stream(id)).headers.etag);
    // A re-upload writes beside the file and renames it over the old one (a new inode).
    const after = Buffer.alloc(5000, 2);
    await writeFile(`${file}.part`, after);
    await rename(`${file}.part`, file);
    await expect
      .poll(
        async () => (await stream(id, { range: 'bytes=0-99' })).rawPayload.equals(after.subarray(0, 100)),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    const whole = await stream(id, { 'if-none-match': etag });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe('5000');
    expect(whole.rawPayload.equals(after)).toBe(true);
    expect((await stream(id, { range: 'bytes=5000-' })).statusCode).toBe(416);
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/v1/tracks/${id}/stream`,
      headers: { range: 'bytes=0-9' },
    });
    expect(head.headers['content-range']).toBe('bytes 0-9/5000');
    await rm(file);
    await expect.poll(async () => (await stream(id)).statusCode, { timeout: 10_000 }).toBe(404);
  });

  it('ignores other units and multi-range requests (whole file)', async () => {
    expect((await stream(fileTrackId, { range: 'items=0-5' })).statusCode).toBe(200);
    expect((await stream(fileTrackId, { range: 'bytes=0-1,5-6' })).statusCode).toBe(200);
  });

  it('revalidates with ETag and Last-Modified (304) and honours If-Range', async () => {
    const first = await stream(fileTrackId);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const byTag = await stream(fileTrackId, { 'if-none-match': etag });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.rawPayload.length).toBe(0);
    const byDate = await stream(fileTrackId, { 'if-modified-since': String(first.headers['last-modified']) });
    expect(byDate.statusCode).toBe(304);
    expect((await stream(fileTrackId, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await stream(fileTrackId, { range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
    expect((await stream(fileTrackId, { range: 'bytes=0-9', 'if-range': '"stale"' })).statusCode).toBe(200);
  });

  it('answers HEAD with the headers only', async () => {
    const response = await t.app.inject({
      method: 'HEAD',
      url: `/api/v1/tracks/${fileTrackId}/stream`,
      headers: { range: 'bytes=0-9' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe('bytes 0-9/1000');
    expect(response.rawPayload.length).toBe(0);
  });

  it('404s tracks without audio, with a path-like src, or external sources redirect', async () => {
    const artistId = await insertArtist(t, 'Edge Cases');
    const silent = await insertTrack(t, { name: 'Silent', artistId });
    expect((await stream(silent)).statusCode).toBe(404);
    const sneaky = await insertTrack(t, { name: 'Sneaky', artistId, src: '../../../etc/passwd' });
    expect((await stream(sneaky)).statusCode).toBe(404);
    const external = await insertTrack(t, {
      name: 'Elsewhere',
      artistId,
      src: 'https://cdn.example.com/a.mp3',
    });
    const redirect = await stream(external);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('https://cdn.example.com/a.mp3');
  });

  it('stops streaming a track to guests as soon as it is made private, and its owner still plays it', async () => {
    const editor = await actor(t, ['music.play', 'music.update', 'tracks.update']);
    const artistId = await insertArtist(t, 'Going Private');
    const id = await insertTrack(t, { name: 'Soon Private', artistId, src: 'test/bytes.mp3' });
    const range = { range: 'bytes=0-9' };
    // Twice: the second request is answered from the kept row.
    expect((await stream(id, range)).statusCode).toBe(206);
    expect((await stream(id, range)).statusCode).toBe(206);
    const put = (visibility: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/tracks/${id}`,
        headers: editor.headers,
        payload: { visibility },
      });
    expect((await put('private')).statusCode).toBe(200);
    expect((await stream(id, range)).statusCode).toBe(404);
    expect((await stream(id, { ...range, ...editor.headers })).statusCode).toBe(206);
    expect((await put('public')).statusCode).toBe(200);
    expect((await stream(id, range)).statusCode).toBe(206);
  });

  it('denies playback to guests when the guest role lacks music.play', async () => {
    const guestRole = await t.deps.db
      .selectFrom('roles')
      .select('id')
      .where('guests', '=', true)
      .executeTakeFirstOrThrow();
    const play = await t.deps.db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'music.play')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .deleteFrom('permissionables')
      .where('permission_id', '=', play.id)
      .where('permissionable_type', '=', 'role')
      .where('permissionable_id', '=', guestRole.id)
      .execute();
    await t.deps.cache.delete('auth:guest-role');
    expect((await stream(fileTrackId)).statusCode).toBe(401);
    const listener = await actor(t, ['music.play']);
    expect((await stream(fileTrackId, listener.headers)).statusCode).toBe(200);
  });
});

describe('downloads', () => {
  it('needs player.enable_download and music.download', async () => {
    const downloader = await actor(t, ['music.download']);
    const url = `/api/v1/tracks/${fileTrackId}/download`;
    expect((await t.app.inject({ url, headers: downloader.headers })).statusCode).toBe(403);
    await t.app.services.settings.save({ client: { 'player.enable_download': true } });
    const allowed = await t.app.inject({ url, headers: downloader.headers });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['content-disposition']).toBe('attachment; filename="bytes.mp3"');
    const listener = await actor(t, ['music.play']);
    expect((await t.app.inject({ url, headers: listener.headers })).statusCode).toBe(403);
    const row = await t.deps.db
      .selectFrom('tracks')
      .select('downloads')
      .where('id', '=', fileTrackId)
      .executeTakeFirstOrThrow();
    expect(Number(row.downloads)).toBe(1);
  });
});
