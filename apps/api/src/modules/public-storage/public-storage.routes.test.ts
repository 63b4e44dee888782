import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';

const PNG = Buffer.concat([
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  randomBytes(10_000),
]);
const sha256 = (data: Buffer | Uint8Array) => createHash('sha256').update(data).digest('hex');

let t: TestApp;
let baseUrl = '';
const uuidName = `${randomUUID()}.png`;
const plainName = 'covers/readme.txt';
const secretName = randomUUID();

beforeAll(async () => {
  t = await createTestApp();
  const { storage } = t.app.services;
  await storage.get('public').put(uuidName, PNG, { mime: 'image/png' });
  await storage.get('public').put(plainName, Buffer.from('hello public disk'), { mime: 'text/plain' });
  await storage.get('public').put('no-extension-png', PNG, { mime: 'image/png' });
  await storage.get('uploads').put(secretName, Buffer.from('private bytes'), { mime: 'text/plain' });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => t?.close());

/** One GET with the path exactly as written (no URL normalisation), over a raw socket. */
function rawGet(pathAsSent: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(`GET ${pathAsSent} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    });
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
}

describe('GET /storage/*', () => {
  it('serves a stored public file whole, typed, immutable when the name is server-generated', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/storage/${uuidName}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-length']).toBe(String(PNG.length));
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(sha256(response.rawPayload)).toBe(sha256(PNG));
  });

  it('matches the local driver publicUrl', async () => {
    const url = t.app.services.storage.get('public').publicUrl(uuidName);
    expect(url).toBe(`${t.env.APP_URL}/storage/${uuidName}`);
  });

  it('answers byte ranges with 206 and Content-Range, suffix ranges too', async () => {
    const middle = await t.app.inject({ url: `/storage/${uuidName}`, headers: { range: 'bytes=100-199' } });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 100-199/${PNG.length}`);
    expect(middle.headers['content-length']).toBe('100');
    expect(Buffer.compare(middle.rawPayload, PNG.subarray(100, 200))).toBe(0);

    const tail = await t.app.inject({ url: `/storage/${uuidName}`, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(Buffer.compare(tail.rawPayload, PNG.subarray(PNG.length - 10))).toBe(0);

    const open = await t.app.inject({ url: `/storage/${uuidName}`, headers: { range: 'bytes=10000-' } });
    expect(open.statusCode).toBe(206);
    expect(Buffer.compare(open.rawPayload, PNG.subarray(10000))).toBe(0);
  });

  it('answers 416 past the end and 304 for a matching ETag', async () => {
    const past = await t.app.inject({
      url: `/storage/${uuidName}`,
      headers: { range: `bytes=${PNG.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${PNG.length}`);

    const first = await t.app.inject({ url: `/storage/${uuidName}` });
    const again = await t.app.inject({
      url: `/storage/${uuidName}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('ignores a range whose If-Range names another version', async () => {
    const response = await t.app.inject({
      url: `/storage/${uuidName}`,
      headers: { range: 'bytes=0-9', 'if-range': '"stale"' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(PNG.length);
  });

  it('answers HEAD with the length and no body', async () => {
    const response = await fetch(`${baseUrl}/storage/${uuidName}`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(PNG.length));
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('types names without a known extension by their bytes; other names revalidate', async () => {
    const sniffed = await t.app.inject({ url: '/storage/no-extension-png' });
    expect(sniffed.statusCode).toBe(200);
    expect(sniffed.headers['content-type']).toBe('image/png');
    expect(sniffed.headers['cache-control']).toBe('public, max-age=3600');

    const text = await t.app.inject({ url: `/storage/${plainName}` });
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).toBe('hello public disk');
  });

  it('stops serving a file whose entry is in the trash, and serves it again once restored', async () => {
    const name = `${randomUUID()}.png`;
    await t.app.services.storage.get('public').put(name, PNG, { mime: 'image/png' });
    const entry = await t.deps.db
      .insertInto('file_entries')
      .values({
        name: 'cover.png',
        file_name: name,
        mime: 'image/png',
        extension: 'png',
        file_size: PNG.length,
        path: name,
        disk: 'public',
        driver: 'local',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const trash = (deletedAt: Date | null) =>
      t.deps.db
        .updateTable('file_entries')
        .set({ deleted_at: deletedAt })
        .where('id', '=', entry.id)
        .execute();
    expect((await t.app.inject({ url: `/storage/${name}` })).statusCode).toBe(200);
    await trash(new Date());
    const trashed = await t.app.inject({ url: `/storage/${name}` });
    expect(trashed.statusCode).toBe(404);
    expect(trashed.json()).toEqual({ message: 'Not found.' });
    await trash(null);
    expect((await t.app.inject({ url: `/storage/${name}` })).statusCode).toBe(200);
  });

  it('answers 404 for a missing file', async () => {
    const response = await t.app.inject({ url: `/storage/${randomUUID()}.png` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });

  it('never reaches outside the public disk, however the path is spelled', async () => {
    const attempts = [
      `/storage/..%2Fuploads%2F${secretName}`,
      `/storage/%2e%2e/uploads/${secretName}`,
      `/storage/%2E%2E%2Fuploads%2F${secretName}`,
      `/storage/..%5Cuploads%5C${secretName}`,
      '/storage/%2Fetc%2Fpasswd',
      '/storage/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '/storage/covers/%00readme.txt',
      '/storage/',
    ];
    for (const url of attempts) {
      // Straight to the router: an HTTP client would normalise the dots away before sending.
      const response = await rawGet(url);
      expect(response.status, url).not.toBe(200);
      expect(response.body).not.toContain('private bytes');
    }
  });

  it('property: any path built from dots, slashes and escapes serves nothing but the public files', async () => {
    const piece = fc.constantFrom(
      '..',
      '.',
      '%2e%2e',
      '%2E',
      '%2f',
      '%5c',
      '/',
      'uploads',
      secretName,
      '%00',
      'covers',
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 6 }), async (pieces) => {
        const response = await rawGet(`/storage/${pieces.join('')}`);
        expect(response.body).not.toContain('private bytes');
        if (response.status === 200) expect(response.body).toBe('hello public disk');
      }),
      { numRuns: 60 },
    );
  });
});

describe('GET /api/v1/file-entries/:id with Range', () => {
  it('streams the whole entry and byte ranges of it to its owner', async () => {
    const ownerId = await createTestUser(t.deps, { permissions: ['files.create'] });
    const owner = await t.sessionCookie(ownerId);
    const form = new FormData();
    form.append('file', new Blob([PNG]), 'cover.png');
    const created = await fetch(`${baseUrl}/api/v1/file-entries`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'x-xsrf-token': owner.xsrf },
      body: form,
    });
    expect(created.status).toBe(200);
    const { fileEntry } = (await created.json()) as { fileEntry: { id: number } };

    const whole = await fetch(`${baseUrl}/api/v1/file-entries/${fileEntry.id}`, {
      headers: { cookie: owner.cookie },
    });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(sha256(Buffer.from(await whole.arrayBuffer()))).toBe(sha256(PNG));

    const part = await fetch(`${baseUrl}/api/v1/file-entries/${fileEntry.id}`, {
      headers: { cookie: owner.cookie, range: 'bytes=5000-5099' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 5000-5099/${PNG.length}`);
    expect(Buffer.compare(Buffer.from(await part.arrayBuffer()), PNG.subarray(5000, 5100))).toBe(0);

    const stranger = await fetch(`${baseUrl}/api/v1/file-entries/${fileEntry.id}`, {
      headers: { range: 'bytes=0-9' },
    });
    expect([401, 403, 404]).toContain(stranger.status);
  });
});
