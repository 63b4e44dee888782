import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';

const PNG = Buffer.concat([
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  randomBytes(2000),
]);

let t: TestApp;
let baseUrl = '';
let owner: Record<string, string>;
let admin: Record<string, string>;

async function headersFor(userId: number) {
  const { cookie, xsrf } = await t.sessionCookie(userId);
  return { cookie, 'x-xsrf-token': xsrf };
}

async function upload(
  name: string,
  bytes: Buffer = PNG,
): Promise<{ id: number; path: string; disk: 'uploads' | 'public' }> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const response = await fetch(`${baseUrl}/api/v1/file-entries`, {
    method: 'POST',
    headers: owner,
    body: form,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { fileEntry: { id: number; path: string; disk: 'uploads' | 'public' } })
    .fileEntry;
}

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  owner = await headersFor(
    await createTestUser(t.deps, { email: 'file-owner@example.com', permissions: ['files.create'] }),
  );
  admin = await headersFor(
    await createTestUser(t.deps, { permissions: ['files.view', 'files.update', 'files.delete'] }),
  );
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => t?.close());

describe('admin files', () => {
  it('lists every entry with its owner, filtered by search, disk, kind and trash', async () => {
    const entry = await upload('cover-art.png');
    const list = await call('GET', '/api/v1/file-entries?query=cover-art');
    expect(list.statusCode, list.body).toBe(200);
    const [row] = list.json().pagination.data;
    expect(row).toMatchObject({ id: entry.id, mime: 'image/png', disk: 'uploads' });
    // Issue 31: the owner's address only for holders of users.update.
    expect(row.owner).toEqual({ id: expect.any(Number), name: 'Test User' });
    const accounts = await headersFor(
      await createTestUser(t.deps, { permissions: ['files.update', 'users.update'] }),
    );
    const full = await call('GET', '/api/v1/file-entries?query=cover-art', undefined, accounts);
    expect(full.json().pagination.data[0].owner).toMatchObject({ email: 'file-owner@example.com' });
    expect(
      (await call('GET', '/api/v1/file-entries?query=cover-art&kind=audio')).json().pagination.total,
    ).toBe(0);
    expect(
      (await call('GET', '/api/v1/file-entries?query=cover-art&kind=image')).json().pagination.total,
    ).toBe(1);
    expect(
      (await call('GET', '/api/v1/file-entries?query=cover-art&disk=public')).json().pagination.total,
    ).toBe(0);
    // A search matches the owner's address only for holders of users.update: none else can test one.
    expect((await call('GET', '/api/v1/file-entries?query=owner%40example')).json().pagination.total).toBe(0);
    const byAddress = await call('GET', '/api/v1/file-entries?query=owner%40example', undefined, accounts);
    expect(byAddress.json().pagination.total).toBe(1);
    expect((await call('GET', '/api/v1/file-entries?orderBy=owner')).statusCode).toBe(422);
  });

  it('moves to the trash and restores, keeping the bytes; storage per disk counts both', async () => {
    const entry = await upload('trash-me.png');
    const before = (await call('GET', '/api/v1/file-entries/usage')).json().disks;
    const uploads = before.find((disk: { disk: string }) => disk.disk === 'uploads');
    expect(uploads.bytes).toBeGreaterThanOrEqual(PNG.length);

    const trashed = await call('DELETE', '/api/v1/file-entries', { ids: [entry.id] });
    expect(trashed.json()).toMatchObject({ count: 1 });
    expect((await call('GET', '/api/v1/file-entries?query=trash-me&trashed=1')).json().pagination.total).toBe(
      1,
    );
    expect((await call('GET', '/api/v1/file-entries?query=trash-me&trashed=0')).json().pagination.total).toBe(
      0,
    );
    // The owner can no longer read it; the bytes stay.
    expect((await fetch(`${baseUrl}/api/v1/file-entries/${entry.id}`, { headers: owner })).status).toBe(404);
    expect(await t.app.services.storage.get('uploads').stat(entry.path)).not.toBeNull();
    const during = (await call('GET', '/api/v1/file-entries/usage')).json().disks;
    const trashedUsage = during.find((disk: { disk: string }) => disk.disk === 'uploads');
    expect(trashedUsage.trashed_bytes).toBe(PNG.length);
    expect(trashedUsage.bytes).toBe(uploads.bytes - PNG.length);

    const restored = await call('POST', '/api/v1/file-entries/restore', { ids: [entry.id] });
    expect(restored.json()).toMatchObject({ count: 1 });
    expect((await fetch(`${baseUrl}/api/v1/file-entries/${entry.id}`, { headers: owner })).status).toBe(200);
  });

  it('deletes for ever: the row and the bytes are gone, and the audit log says so', async () => {
    const entry = await upload('gone-for-ever.png');
    const deleted = await call('DELETE', '/api/v1/file-entries', { ids: [entry.id], forever: true });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ count: 1 });
    expect(await t.app.services.storage.get('uploads').stat(entry.path)).toBeNull();
    expect((await call('GET', '/api/v1/file-entries?query=gone-for-ever')).json().pagination.total).toBe(0);
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'before'])
      .where('subject_type', '=', 'files')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['files.trash', 'files.restore', 'files.delete']),
    );
    expect(JSON.stringify(audit)).toContain('gone-for-ever.png');
  });

  it('refuses bad input and callers without the permission', async () => {
    expect((await call('DELETE', '/api/v1/file-entries', { ids: [] })).statusCode).toBe(422);
    expect((await call('DELETE', '/api/v1/file-entries', { ids: ['x'] })).statusCode).toBe(422);
    const endpoints: [method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object][] = [
      ['GET', '/api/v1/file-entries'],
      ['GET', '/api/v1/file-entries/usage'],
      ['DELETE', '/api/v1/file-entries', { ids: [1], forever: true }],
      ['POST', '/api/v1/file-entries/restore', { ids: [1] }],
    ];
    for (const [method, url, payload] of endpoints) {
      expect((await call(method, url, payload, {})).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, payload, owner)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
