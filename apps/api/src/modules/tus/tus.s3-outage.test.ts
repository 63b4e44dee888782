import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Peer, startS3Peer } from '../../platform/storage/testing/s3-peer';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { type Auth, authHeaders, pngBytes, postJson } from '../uploads/testing/upload-test-client';

/**
 * The S3 peer goes away in the middle of an upload (issue 18): the uploader gets a clear 503,
 * no file entry exists without its bytes, and the upload resumes once the peer is back.
 */
const MiB = 1024 * 1024;
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const TUS = { 'tus-resumable': '1.0.0' };

let peer: S3Peer;
let t: TestApp;
let baseUrl = '';
let owner: Auth;

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

async function entryCount(): Promise<number> {
  const row = await t.deps.db
    .selectFrom('file_entries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function patch(url: string, file: Buffer, from: number, to: number) {
  return fetch(url, {
    method: 'PATCH',
    headers: {
      ...authHeaders(owner),
      ...TUS,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(from),
    },
    body: file.subarray(from, to),
  });
}

function head(url: string) {
  return fetch(url, { method: 'HEAD', headers: { ...authHeaders(owner), ...TUS } });
}

function formUpload(bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'cover.png');
  return fetch(`${baseUrl}/api/v1/file-entries`, { method: 'POST', headers: authHeaders(owner), body: form });
}

describe('an upload while the S3 peer is away', () => {
  it('answers 503 with a clear message, stores no entry without bytes, and resumes after', async () => {
    const file = pngBytes(7 * MiB + 33);
    const created = await fetch(`${baseUrl}/api/v1/tus/upload`, {
      method: 'POST',
      headers: {
        ...authHeaders(owner),
        ...TUS,
        'upload-length': String(file.length),
        'upload-metadata': `name ${Buffer.from('cover.png').toString('base64')},clientMime ${Buffer.from('image/png').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const url = `${baseUrl}${new URL(created.headers.get('location') ?? '', baseUrl).pathname}`;
    expect((await patch(url, file, 0, 2 * MiB)).status).toBe(204);
    const entriesBefore = await entryCount();

    await peer.pause();
    const during = await patch(url, file, 2 * MiB, 4 * MiB);
    expect(during.status).toBe(503);
    expect(await during.text()).toMatch(/storage is unavailable/i);
    expect((await head(url)).status).toBe(503);
    const form = await formUpload(pngBytes(64 * 1024));
    expect(form.status).toBe(503);
    expect(((await form.json()) as { message: string }).message).toMatch(/try again/i);
    const finished = await postJson(baseUrl, 'tus/entries', owner, { uploadKey: url.split('/').pop() });
    expect(finished.status).toBe(503);
    expect(await entryCount()).toBe(entriesBefore);

    await peer.resume();
    const resumed = await head(url);
    expect(resumed.status).toBe(200);
    const offset = Number(resumed.headers.get('upload-offset'));
    expect(offset).toBe(2 * MiB);
    expect((await patch(url, file, offset, file.length)).status).toBe(204);
    const entry = await postJson(baseUrl, 'tus/entries', owner, { uploadKey: url.split('/').pop() });
    expect(entry.status).toBe(200);
    const served = await fetch(`${baseUrl}/api/v1/file-entries/${entry.body.fileEntry.id}`, {
      headers: authHeaders(owner),
    });
    expect(served.status).toBe(200);
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(file));
    expect(await entryCount()).toBe(entriesBefore + 1);
  }, 90_000);
});
