import { createHash } from 'node:crypto';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Peer, startS3Peer } from '../../platform/storage/testing/s3-peer';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { type Auth, authHeaders, pngBytes, postJson } from '../uploads/testing/upload-test-client';

const MiB = 1024 * 1024;
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

let peer: S3Peer;
let t: TestApp;
let baseUrl = '';
let owner: Auth;

function upload(file: Buffer, options: Partial<tus.UploadOptions>) {
  return new tus.Upload(file, {
    endpoint: `${baseUrl}/api/v1/tus/upload`,
    chunkSize: 6 * MiB,
    retryDelays: [],
    headers: authHeaders(owner),
    metadata: { name: 'cover.png', clientName: 'cover.png', clientExtension: 'png', clientMime: 'image/png' },
    ...options,
  });
}

beforeAll(async () => {
  peer = await startS3Peer('s3rver');
  t = await createTestApp({ env: peer.env });
  owner = await t.sessionCookie(await createTestUser(t.deps, { permissions: ['files.create'] }));
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await peer?.stop();
});

describe('tus through the S3 store against s3rver (no ListParts)', () => {
  it('uploads in parts, resumes from the parts the store sent, and the entry serves the same bytes', async () => {
    const file = pngBytes(13 * MiB + 77);
    // Stop after the first 6 MiB chunk: one whole S3 part is in the bucket.
    const url = await new Promise<string>((resolve, reject) => {
      const first = upload(file, {
        onChunkComplete: () => first.abort(false).then(() => resolve(first.url as string), reject),
        onError: reject,
      });
      first.start();
    });
    const head = await fetch(url, {
      method: 'HEAD',
      headers: { ...authHeaders(owner), 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('upload-offset'))).toBe(6 * MiB);

    await new Promise<void>((resolve, reject) => {
      upload(file, { uploadUrl: url, onSuccess: () => resolve(), onError: reject }).start();
    });
    const uploadKey = url.split('/').pop() as string;
    const entry = await postJson(baseUrl, 'tus/entries', owner, { uploadKey });
    expect(entry.status).toBe(200);
    expect(entry.body.fileEntry).toMatchObject({ mime: 'image/png', file_size: file.length });

    const served = await fetch(`${baseUrl}/api/v1/file-entries/${entry.body.fileEntry.id}`, {
      headers: authHeaders(owner),
    });
    expect(served.status).toBe(200);
    expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(sha256(file));
  }, 60_000);
});
