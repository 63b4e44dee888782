import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertArtist, insertTrack } from '../catalogue/catalogue.test-helper';
import { xAccelPath } from './x-accel';

let t: TestApp;
let trackId: number;

beforeAll(async () => {
  t = await createTestApp({
    env: { STATIC_FILE_DELIVERY: 'xaccel', STATIC_FILE_XACCEL_PREFIX: '/_protected/' },
  });
  const dir = path.join(t.env.DATA_DIR, 'storage', 'x accel');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'song #1.mp3'), Buffer.alloc(4096, 7));
  const artistId = await insertArtist(t, 'Accel Tester');
  trackId = await insertTrack(t, { name: 'Delegated', artistId, src: 'x accel/song #1.mp3' });
}, 60_000);
afterAll(async () => t?.close());

describe('STATIC_FILE_DELIVERY=xaccel', () => {
  it('hands the file to nginx: X-Accel-Redirect to the internal prefix, no body, audio headers kept', async () => {
    const response = await t.app.inject({
      url: `/api/v1/tracks/${trackId}/stream`,
      headers: { range: 'bytes=0-9' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-accel-redirect']).toBe('/_protected/x%20accel/song%20%231.mp3');
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.headers['cache-control']).toBe('private, max-age=86400');
    expect(response.rawPayload.length).toBe(0);
  });

  it('still checks the track first: an unknown track is 404 without the header', async () => {
    const response = await t.app.inject({ url: '/api/v1/tracks/99999999/stream' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-accel-redirect']).toBeUndefined();
  });
});

describe('xAccelPath', () => {
  const delivery = { prefix: '/_protected', root: '/data/storage' };
  it('maps files under the root and refuses the rest', () => {
    expect(xAccelPath(delivery, '/data/storage/a/b.mp3')).toBe('/_protected/a/b.mp3');
    expect(xAccelPath(delivery, '/data/storage-other/b.mp3')).toBeNull();
    expect(xAccelPath(delivery, '/data/cache/b.mp3')).toBeNull();
    expect(xAccelPath(delivery, '/data/storage')).toBeNull();
  });
});
