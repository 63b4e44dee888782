import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
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
let other: Auth;
const post = (path: string, body: unknown, auth = owner) => postJson(baseUrl, path, auth, body);

async function readStored(key: string): Promise<Buffer> {
  const driver = t.app.services.storage.get('uploads');
  const path = driver.s3?.pathFor(key) as string;
  const chunks: Buffer[] = [];
  for await (const chunk of (await driver.createReadStream(path)) as Readable)
    chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  peer = await startS3Peer('s3rver');
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

describe('S3 direct uploads against s3rver', () => {
  it('tells the clients (bootstrap settings) which driver the uploads disk uses', async () => {
    const response = await t.app.inject({ url: '/api/v1/bootstrap-data' });
    const { uploads } = response.json().bootstrapData.settings;
    expect(uploads).toMatchObject({ uploads_driver: 's3', public_driver: 'local', disable_tus: false });
  });

  it('presigns a simple PUT, then s3/entries types the stored bytes and serves them by redirect', async () => {
    const bytes = pngBytes(200_000);
    const presign = await post('s3/simple/presign', {
      filename: 'cover.png',
      mime: 'image/png',
      size: bytes.length,
      extension: 'png',
      metadata: {},
    });
    expect(presign.status).toBe(200);
    expect(presign.body.acl).toBe('private');
    expect(presign.body.key).toMatch(/^uploads\/[0-9a-f-]{36}$/);
    const put = await fetch(presign.body.url, {
      method: 'PUT',
      headers: { 'content-type': 'image/png', 'x-amz-acl': presign.body.acl },
      body: bytes,
    });
    expect(put.status).toBe(200);

    const filename = presign.body.key.split('/').pop();
    expect((await post('s3/entries', { filename, clientName: 'cover.png' }, other)).status).toBe(404);
    const entry = await post('s3/entries', {
      filename,
      clientName: 'cover.png',
      clientMime: 'image/png',
      clientExtension: 'png',
      size: 1,
      metadata: {},
    });
    expect(entry.status).toBe(200);
    expect(entry.body.fileEntry).toMatchObject({ driver: 's3', mime: 'image/png', file_size: bytes.length });
    const download = await fetch(`${baseUrl}/api/v1/file-entries/${entry.body.fileEntry.id}`, {
      headers: authHeaders(owner),
      redirect: 'manual',
    });
    expect(download.status).toBe(302);
    const signed = await fetch(download.headers.get('location') as string);
    expect(sha256(new Uint8Array(await signed.arrayBuffer()))).toBe(sha256(bytes));
    // The upload record is spent: the same object cannot be claimed twice.
    expect((await post('s3/entries', { filename, clientName: 'cover.png' })).status).toBe(404);
  });

  it('runs a multipart upload: create, sign, PUT parts, resume from recorded parts, complete, entry', async () => {
    const bytes = pngBytes(5 * MiB + 4096);
    const parts = [bytes.subarray(0, 5 * MiB), bytes.subarray(5 * MiB)];
    const created = await post('s3/multipart/create', {
      filename: 'mix.png',
      mime: 'image/png',
      size: bytes.length,
      extension: 'png',
      metadata: {},
      fingerprint: 'mix.png-image/png-5246976-1700000000000',
    });
    expect(created.status).toBe(200);
    const { uploadId, key } = created.body;

    const signed = await post('s3/multipart/batch-sign-part-urls', { key, uploadId, partNumbers: [1, 2] });
    expect(signed.status).toBe(200);
    expect(signed.body.urls.map((u: { partNumber: number }) => u.partNumber)).toEqual([1, 2]);
    const first = await fetch(signed.body.urls[0].url, { method: 'PUT', body: parts[0] });
    expect(first.status).toBe(200);
    const etag1 = first.headers.get('etag') as string;
    expect(etag1).toMatch(/^"?[0-9a-f]{32}"?$/);

    // The client reports finished parts when it signs more; a resume then learns them from the api.
    // s3rver has no ListParts, so this answer comes from the api's own record.
    const resigned = await post('s3/multipart/batch-sign-part-urls', {
      key,
      uploadId,
      partNumbers: [2],
      uploadedParts: [{ PartNumber: 1, ETag: etag1, Size: parts[0]?.length }],
    });
    expect(resigned.status).toBe(200);
    const resumed = await post('s3/multipart/get-uploaded-parts', { key, uploadId });
    expect(resumed.body).toEqual({ parts: [{ PartNumber: 1, ETag: etag1, Size: 5 * MiB }] });
    expect((await post('s3/multipart/get-uploaded-parts', { key, uploadId }, other)).status).toBe(404);

    const second = await fetch(resigned.body.urls[0].url, { method: 'PUT', body: parts[1] });
    const etag2 = second.headers.get('etag') as string;
    expect(
      (await post('s3/multipart/complete', { key, uploadId, parts: [{ ETag: etag1, PartNumber: 1 }] }, other))
        .status,
    ).toBe(404);
    const completed = await post('s3/multipart/complete', {
      key,
      uploadId,
      parts: [
        { ETag: etag2, PartNumber: 2 },
        { ETag: etag1, PartNumber: 1 },
      ],
    });
    expect(completed.status).toBe(200);
    expect(sha256(await readStored(key))).toBe(sha256(bytes));

    const entry = await post('s3/entries', { filename: key.split('/').pop(), clientName: 'mix.png' });
    expect(entry.status).toBe(200);
    expect(entry.body.fileEntry).toMatchObject({
      mime: 'image/png',
      file_size: bytes.length,
      name: 'mix.png',
    });
  });

  it('refuses what the policy forbids before handing out URLs, and bytes that lie at s3/entries', async () => {
    await t.app.services.settings.save({ client: { 'uploads.max_size': MiB } });
    const big = await post('s3/multipart/create', {
      filename: 'big.wav',
      mime: 'audio/wav',
      size: 2 * MiB,
      extension: 'wav',
    });
    expect(big.status).toBe(422);
    expect(big.body.message).toBe('`big.wav` exceeds maximum allowed size of 1 MB');
    await t.app.services.settings.save({
      client: { 'uploads.max_size': null, 'uploads.blocked_extensions': ['png'] },
    });
    expect(
      (await post('s3/simple/presign', { filename: 'a.png', mime: 'image/png', size: 10, extension: 'png' }))
        .status,
    ).toBe(422);

    // Claims an mp3, sends PNG bytes: refused at s3/entries by sniffing, and the object is removed.
    const liar = await post('s3/simple/presign', {
      filename: 'a.mp3',
      mime: 'audio/mpeg',
      size: 5000,
      extension: 'mp3',
    });
    expect(liar.status).toBe(200);
    await fetch(liar.body.url, {
      method: 'PUT',
      headers: { 'content-type': 'audio/mpeg', 'x-amz-acl': 'private' },
      body: pngBytes(5000),
    });
    const refused = await post('s3/entries', {
      filename: liar.body.key.split('/').pop(),
      clientName: 'a.mp3',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('This file type is not allowed');
    expect(await t.app.services.storage.get('uploads').exists(liar.body.key.slice('uploads/'.length))).toBe(
      false,
    );
    await t.app.services.settings.save({ client: { 'uploads.blocked_extensions': [] } });
  });

  it('is off unless uploads.s3_direct_upload is on; keys outside the upload record are never found', async () => {
    expect((await post('s3/entries', { filename: '../../etc/passwd', clientName: 'x' })).status).toBe(404);
    expect((await post('s3/multipart/abort', { key: 'uploads/nope', uploadId: 'x' })).status).toBe(404);
    await t.app.services.settings.save({ client: { 'uploads.s3_direct_upload': false } });
    expect((await post('s3/simple/presign', { filename: 'a.png', mime: 'image/png', size: 10 })).status).toBe(
      403,
    );
    await t.app.services.settings.save({ client: { 'uploads.s3_direct_upload': true } });
  });
});
