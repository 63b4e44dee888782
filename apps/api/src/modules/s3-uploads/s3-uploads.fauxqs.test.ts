import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Peer, startS3Peer } from '../../platform/storage/testing/s3-peer';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { type Auth, pngBytes, postJson } from '../uploads/testing/upload-test-client';

let peer: S3Peer;
let t: TestApp;
let baseUrl = '';
let owner: Auth;
let other: Auth;
const post = (path: string, body: unknown, auth = owner) => postJson(baseUrl, path, auth, body);

beforeAll(async () => {
  peer = await startS3Peer('fauxqs');
  t = await createTestApp({ env: peer.env });
  owner = await t.sessionCookie(await createTestUser(t.deps, { permissions: ['files.create'] }));
  other = await t.sessionCookie(await createTestUser(t.deps, { permissions: ['files.create'] }));
  await t.app.services.settings.save({ client: { 'uploads.s3_direct_upload': true } });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await peer?.stop();
});

describe('S3 multipart abort against fauxqs', () => {
  it('aborts an upload with a part on the peer; only the owner may, and the upload is gone after', async () => {
    const bytes = pngBytes(1024 * 1024);
    const created = await post('s3/multipart/create', {
      filename: 'a.png',
      mime: 'image/png',
      size: bytes.length,
    });
    expect(created.status).toBe(200);
    const { key, uploadId } = created.body;
    const signed = await post('s3/multipart/batch-sign-part-urls', { key, uploadId, partNumbers: [1] });
    const put = await fetch(signed.body.urls[0].url, { method: 'PUT', body: bytes });
    expect(put.status).toBe(200);

    expect((await post('s3/multipart/abort', { key, uploadId }, other)).status).toBe(404);
    expect(await post('s3/multipart/abort', { key, uploadId })).toEqual({ status: 200, body: {} });
    expect(
      (await post('s3/multipart/batch-sign-part-urls', { key, uploadId, partNumbers: [2] })).status,
    ).toBe(404);
    // The peer itself forgot the upload: a part PUT with a still-valid signature is refused.
    const late = await fetch(signed.body.urls[0].url, { method: 'PUT', body: bytes });
    expect(late.status).toBe(404);
  });
});
