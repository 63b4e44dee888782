import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { type Auth, authHeaders, pngBytes, postJson } from '../uploads/testing/upload-test-client';

const MiB = 1024 * 1024;
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

let t: TestApp;
let baseUrl = '';
let owner: Auth;
let other: Auth;
let ownerId = 0;

function tusUpload(file: Buffer, auth: Auth, options: Partial<tus.UploadOptions> = {}) {
  return new tus.Upload(file, {
    endpoint: `${baseUrl}/api/v1/tus/upload`,
    chunkSize: 256 * 1024,
    retryDelays: [],
    headers: authHeaders(auth),
    metadata: {
      name: 'take-1.png',
      clientName: 'take-1.png',
      clientExtension: 'png',
      clientMime: 'image/png',
      clientSize: String(file.length),
    },
    ...options,
  });
}

/** Uploads until at least `fraction` is acknowledged, then kills the request mid-flight. */
function uploadPartly(file: Buffer, auth: Auth, fraction: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = tusUpload(file, auth, {
      onProgress: (sent) => {
        if (sent < file.length * fraction || !upload.url) return;
        upload.abort(false).then(() => resolve(upload.url as string), reject);
      },
      onError: reject,
      onSuccess: () => reject(new Error('finished before it could be interrupted')),
    });
    upload.start();
  });
}

function uploadFully(file: Buffer, auth: Auth, uploadUrl?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = tusUpload(file, auth, {
      uploadUrl,
      onError: reject,
      onSuccess: () => resolve(upload.url as string),
    });
    upload.start();
  });
}

async function serverOffset(url: string, auth: Auth): Promise<number> {
  const response = await fetch(url, {
    method: 'HEAD',
    headers: { ...authHeaders(auth), 'tus-resumable': '1.0.0' },
  });
  expect(response.status).toBe(200);
  return Number(response.headers.get('upload-offset'));
}

beforeAll(async () => {
  t = await createTestApp();
  ownerId = await createTestUser(t.deps, { permissions: ['files.create'] });
  owner = await t.sessionCookie(ownerId);
  other = await t.sessionCookie(await createTestUser(t.deps, { permissions: ['files.create'] }));
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => t?.close());

describe('tus resumable uploads with tus-js-client', () => {
  it('resumes after the connection is killed half way and ends with the same bytes', async () => {
    const file = pngBytes(3 * MiB + 123);
    const url = await uploadPartly(file, owner, 0.5);
    const offset = await serverOffset(url, owner);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(file.length);

    const uploadKey = url.split('/').pop() as string;
    const early = await postJson(baseUrl, 'tus/entries', owner, { uploadKey });
    expect(early.status).toBe(422);

    // Someone else can neither see nor continue this upload.
    const peek = await fetch(url, {
      method: 'HEAD',
      headers: { ...authHeaders(other), 'tus-resumable': '1.0.0' },
    });
    expect(peek.status).toBe(404);

    expect(await uploadFully(file, owner, url)).toBe(url);
    expect((await postJson(baseUrl, 'tus/entries', other, { uploadKey })).status).toBe(404);
    const entry = await postJson(baseUrl, 'tus/entries', owner, { uploadKey });
    expect(entry.status).toBe(200);
    expect(entry.body.fileEntry).toMatchObject({
      name: 'take-1.png',
      mime: 'image/png',
      file_size: file.length,
      path: `tus/${uploadKey}`,
    });
    const stored = await readFile(path.join(t.env.DATA_DIR, 'storage', 'uploads', 'tus', uploadKey));
    expect(sha256(stored)).toBe(sha256(file));
  });

  it('refuses uploads over uploads.max_size at creation with the spec message', async () => {
    await t.app.services.settings.save({ client: { 'uploads.max_size': MiB } });
    const error = await uploadFully(pngBytes(2 * MiB), owner).catch((reason: Error) => reason);
    expect(String(error)).toContain('`take-1.png` exceeds maximum allowed size of 1 MB');
    await t.app.services.settings.save({ client: { 'uploads.max_size': null } });
  });

  it('needs a session with files.create and the anti-forgery header; keys are uuids only', async () => {
    const anonymous = await fetch(`${baseUrl}/api/v1/tus/upload`, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(anonymous.status).toBe(401);
    const forged = await fetch(`${baseUrl}/api/v1/tus/upload`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(forged.status).toBe(403);
    const spoofed = await fetch(`${baseUrl}/api/v1/tus/upload`, {
      method: 'POST',
      headers: {
        ...authHeaders(other),
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'x-cadence-upload-owner': String(ownerId),
      },
    });
    expect(spoofed.status).toBe(201);
    const spoofedUrl = spoofed.headers.get('location') as string;
    expect(await serverOffset(spoofedUrl, other)).toBe(0);
    const asOwner = await fetch(spoofedUrl, {
      method: 'HEAD',
      headers: { ...authHeaders(owner), 'tus-resumable': '1.0.0' },
    });
    expect(asOwner.status).toBe(404);
    const traversal = await postJson(baseUrl, 'tus/entries', owner, { uploadKey: '..%2F..%2Fetc%2Fpasswd' });
    expect(traversal.status).toBe(404);
  });
});
