import { createHash, randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';

/** What the upload and delete routes answer, as far as these tests read it. */
type TAnswer = {
  message?: string;
  errors: Record<string, string>;
  fileEntry: { id: number; name: string; path: string; file_name: string };
  entryIds?: number[];
};

// A real 1x1 PNG plus trailing bytes: `file-type` recognises it from the first bytes.
const PNG = Buffer.concat([
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  randomBytes(3000),
]);
const sha256 = (data: Buffer | Uint8Array) => createHash('sha256').update(data).digest('hex');

let t: TestApp;
let baseUrl = '';
let owner: { cookie: string; xsrf: string };
let other: { cookie: string; xsrf: string };
let noPermission: { cookie: string; xsrf: string };
let ownerId = 0;

function headers(auth: { cookie: string; xsrf: string }) {
  return { cookie: auth.cookie, 'x-xsrf-token': auth.xsrf };
}

async function upload(
  auth: { cookie: string; xsrf: string } | null,
  bytes: Buffer,
  name: string,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const response = await fetch(`${baseUrl}/api/v1/file-entries`, {
    method: 'POST',
    headers: auth ? headers(auth) : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as TAnswer };
}

async function setSettings(client: Record<string, unknown>) {
  await t.app.services.settings.save({ client });
}

beforeAll(async () => {
  t = await createTestApp();
  ownerId = await createTestUser(t.deps, { permissions: ['files.create'] });
  owner = await t.sessionCookie(ownerId);
  other = await t.sessionCookie(await createTestUser(t.deps, { permissions: ['files.create'] }));
  noPermission = await t.sessionCookie(await createTestUser(t.deps, { permissions: [] }));
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => t?.close());

describe('POST /api/v1/file-entries', () => {
  it('types a file by its bytes, not its name, stores it under a server name and serves it back', async () => {
    const { status, body } = await upload(owner, PNG, 'song.mp3', {
      clientMime: 'audio/mpeg',
      clientExtension: 'mp3',
      metadata: JSON.stringify({ disk: 'uploads' }),
    });
    expect(status).toBe(200);
    const entry = body.fileEntry;
    expect(entry).toMatchObject({
      name: 'song.mp3',
      mime: 'image/png',
      extension: 'png',
      client_mime: 'audio/mpeg',
      client_extension: 'mp3',
      file_size: PNG.length,
      disk: 'uploads',
      driver: 'local',
      owner_id: ownerId,
    });
    expect(entry.file_name).toMatch(/^[0-9a-f-]{36}$/);
    expect(entry.path).toBe(entry.file_name);
    const stored = path.join(t.env.DATA_DIR, 'storage', 'uploads', entry.path);
    expect((await stat(stored)).size).toBe(PNG.length);

    const download = await fetch(`${baseUrl}/api/v1/file-entries/${entry.id}`, { headers: headers(owner) });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(PNG));
    const stranger = await fetch(`${baseUrl}/api/v1/file-entries/${entry.id}`, { headers: headers(other) });
    expect(stranger.status).toBe(403);
  });

  it('refuses a type on the block list by its sniffed type, whatever the name says', async () => {
    await setSettings({ 'uploads.blocked_extensions': ['image/*'] });
    const { status, body } = await upload(owner, PNG, 'innocent.txt', { clientExtension: 'txt' });
    expect(status).toBe(422);
    expect(body).toEqual({
      message: 'This file type is not allowed',
      errors: { file: 'This file type is not allowed' },
    });
    await setSettings({ 'uploads.blocked_extensions': [], 'uploads.allowed_extensions': ['mp3', 'audio/*'] });
    expect((await upload(owner, PNG, 'song.mp3', { clientExtension: 'mp3' })).status).toBe(422);
    await setSettings({ 'uploads.allowed_extensions': [] });
  });

  it('refuses files over uploads.max_size with the spec message and leaves nothing behind', async () => {
    await setSettings({ 'uploads.max_size': 2048 });
    const before = await readdir(path.join(t.env.DATA_DIR, 'tmp', 'uploads')).catch(() => []);
    const { status, body } = await upload(owner, randomBytes(5000), 'big.bin');
    expect(status).toBe(422);
    expect(body.message).toBe('`big.bin` exceeds maximum allowed size of 2 KB');
    expect(body.errors.file).toBe(body.message);
    expect(await readdir(path.join(t.env.DATA_DIR, 'tmp', 'uploads'))).toEqual(before);
    expect((await upload(owner, randomBytes(2048), 'fits.bin')).status).toBe(200);
    await setSettings({ 'uploads.max_size': null });
  });

  it('enforces the per-user quota from uploads.available_space', async () => {
    const userId = await createTestUser(t.deps, { permissions: ['files.create'] });
    const auth = await t.sessionCookie(userId);
    await setSettings({ 'uploads.available_space': 10_000 });
    expect((await upload(auth, randomBytes(6000), 'one.bin')).status).toBe(200);
    const over = await upload(auth, randomBytes(6000), 'two.bin');
    expect(over.status).toBe(422);
    expect(over.body.errors.file).toBe("You don't have enough space to upload this file.");
    await setSettings({ 'uploads.available_space': null });
  });

  it('keeps client names out of storage paths', async () => {
    const { status, body } = await upload(owner, Buffer.from('plain text'), '../../../etc/passwd', {
      clientExtension: '../sh',
    });
    expect(status).toBe(200);
    expect(body.fileEntry.name).toBe('passwd');
    expect(body.fileEntry.path).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.fileEntry).toMatchObject({ mime: 'text/plain', extension: 'txt' });
    const bad = await upload(owner, PNG, 'x.png', { metadata: JSON.stringify({ disk: '../../etc' }) });
    expect(bad.status).toBe(422);
    const deep = await upload(owner, PNG, 'x.png', {
      metadata: `${'['.repeat(30_000)}${']'.repeat(30_000)}`,
    });
    expect(deep.status).toBe(422);
    expect(deep.body.errors.metadata).toBe('The request body nests deeper than 64 levels.');
  });

  it('requires a session, files.create and the anti-forgery header', async () => {
    expect((await upload(null, PNG, 'a.png')).status).toBe(401);
    expect((await upload(noPermission, PNG, 'a.png')).status).toBe(403);
    const response = await fetch(`${baseUrl}/api/v1/file-entries`, {
      method: 'POST',
      headers: { cookie: owner.cookie },
      body: new FormData(),
    });
    expect(response.status).toBe(403);
    const noFile = await fetch(`${baseUrl}/api/v1/file-entries`, {
      method: 'POST',
      headers: headers(owner),
      body: (() => {
        const form = new FormData();
        form.append('clientMime', 'image/png');
        return form;
      })(),
    });
    expect(noFile.status).toBe(422);
  });
});

describe('POST /api/v1/file-entries/delete', () => {
  async function post(auth: { cookie: string; xsrf: string }, body: unknown) {
    const response = await fetch(`${baseUrl}/api/v1/file-entries/delete`, {
      method: 'POST',
      headers: { ...headers(auth), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as TAnswer };
  }

  it('soft deletes by id, then deletes forever with the bytes; refuses other people', async () => {
    const { body } = await upload(owner, PNG, 'cover.png');
    const entry = body.fileEntry;
    const stored = path.join(t.env.DATA_DIR, 'storage', 'uploads', entry.path);

    expect((await post(other, { entryIds: [entry.id] })).status).toBe(403);
    expect(await post(owner, { entryIds: [entry.id] })).toEqual({
      status: 200,
      body: { entryIds: [entry.id] },
    });
    const row = await t.deps.db
      .selectFrom('file_entries')
      .selectAll()
      .where('id', '=', entry.id)
      .executeTakeFirst();
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect((await stat(stored)).size).toBe(PNG.length);
    const gone = await fetch(`${baseUrl}/api/v1/file-entries/${entry.id}`, { headers: headers(owner) });
    expect(gone.status).toBe(404);

    expect((await post(owner, { paths: [entry.path], deleteForever: true })).body).toEqual({
      entryIds: [entry.id],
    });
    await expect(stat(stored)).rejects.toThrow();
    expect(
      await t.deps.db.selectFrom('file_entries').select('id').where('id', '=', entry.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('matches paths only against entries, never the filesystem', async () => {
    const result = await post(owner, { paths: ['../../../etc/passwd', '/etc/passwd'], deleteForever: true });
    expect(result).toEqual({ status: 200, body: { entryIds: [] } });
  });
});
