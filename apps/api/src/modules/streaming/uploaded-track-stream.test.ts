import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Peer, startS3Peer } from '../../platform/storage/testing/s3-peer';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actor, insertArtist, insertTrack } from '../catalogue/catalogue.test-helper';

const BYTES = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7) % 256));

/** What an upload leaves behind: the bytes on the uploads disk, a file entry, a track naming it. */
async function uploadedTrack(t: TestApp, name: string): Promise<{ trackId: number; entryId: number }> {
  const storage = t.app.services.storage.get('uploads');
  const stored = randomUUID();
  await storage.put(stored, BYTES, { mime: 'audio/mpeg' });
  const entry = await t.deps.db
    .insertInto('file_entries')
    .values({
      name: `${name}.mp3`,
      file_name: stored,
      mime: 'audio/mpeg',
      extension: 'mp3',
      file_size: BYTES.length,
      path: stored,
      disk: 'uploads',
      driver: storage.driver,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const trackId = await insertTrack(t, { name, artistId: await insertArtist(t, `${name} Artist`) });
  await t.deps.db
    .updateTable('tracks')
    .set({ file_entry_id: entry.id, mime: 'audio/mpeg' })
    .where('id', '=', trackId)
    .execute();
  return { trackId, entryId: entry.id };
}

describe('an uploaded track (file entry, no src) on the local disk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => t?.close());

  it('streams whole and by range, downloads under its own name, and stops when the entry is deleted', async () => {
    const { trackId, entryId } = await uploadedTrack(t, 'Upload Song');
    const whole = await t.app.inject({ url: `/api/v1/tracks/${trackId}/stream` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.rawPayload.equals(BYTES)).toBe(true);
    const part = await t.app.inject({
      url: `/api/v1/tracks/${trackId}/stream`,
      headers: { range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${BYTES.length}`);
    expect(part.rawPayload.equals(BYTES.subarray(100, 200))).toBe(true);
    const track = await t.app.inject({ url: `/api/v1/tracks/${trackId}` });
    expect(track.json().track.stream_url).toBe(`/api/v1/tracks/${trackId}/stream`);

    await t.app.services.settings.save({ client: { 'player.enable_download': true } });
    const listener = await actor(t, ['music.download']);
    const download = await t.app.inject({
      url: `/api/v1/tracks/${trackId}/download`,
      headers: listener.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="upload-song.mp3"');
    expect(download.rawPayload.equals(BYTES)).toBe(true);

    await t.deps.db
      .updateTable('file_entries')
      .set({ deleted_at: new Date() })
      .where('id', '=', entryId)
      .execute();
    const gone = await t.app.inject({ url: `/api/v1/tracks/${trackId}/stream` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This track has no audio.');
  });
});

describe('an uploaded track on an S3-compatible disk (s3rver)', () => {
  let peer: S3Peer;
  let t: TestApp;
  beforeAll(async () => {
    peer = await startS3Peer('s3rver');
    t = await createTestApp({ env: peer.env });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.stop();
  });

  it('redirects to a presigned URL of the object, which serves the same bytes without the api', async () => {
    const { trackId } = await uploadedTrack(t, 'Cloud Song');
    const res = await t.app.inject({ url: `/api/v1/tracks/${trackId}/stream` });
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location.startsWith(peer.endpoint)).toBe(true);
    expect(location).toContain('X-Amz-Signature=');
    const direct = await fetch(location);
    expect(direct.status).toBe(200);
    expect(Buffer.from(await direct.arrayBuffer()).equals(BYTES)).toBe(true);
  });
});
