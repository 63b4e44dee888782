import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';

let t: TestApp;
let app: FastifyInstance;
let admin: { cookie: string };
let listener: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  // The same app plus a route that fails the way a bug does (registered before it is ready).
  app = await buildApp(t.deps);
  app.get('/api/v1/_probe/fault', { config: { access: 'public' } }, async () => {
    throw new TypeError('cannot read properties of undefined (reading "id")');
  });
  await app.ready();
  admin = await t.sessionCookie(await createTestUser(t.deps, { permissions: ['logs.view'] }));
  listener = await t.sessionCookie(await createTestUser(t.deps));
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function errorLog(cookie: string, query = '') {
  return app.inject({ method: 'GET', url: `/api/v1/logs/error${query}`, headers: { cookie } });
}

describe('error log', () => {
  it('records a server fault with its request id, path without query, and shows it paginated', async () => {
    const fault = await app.inject({
      method: 'GET',
      url: '/api/v1/_probe/fault?token=secret',
      headers: admin,
    });
    expect(fault.statusCode).toBe(500);
    expect(fault.json().message).not.toContain('cannot read');
    const requestId = String(fault.headers['x-request-id']);
    // Recorded without holding the answer back: wait for the write.
    await expect.poll(async () => (await errorLog(admin.cookie)).json().pagination.total).toBeGreaterThan(0);

    const page = (await errorLog(admin.cookie)).json().pagination;
    expect(page.data[0]).toMatchObject({
      request_id: requestId,
      method: 'GET',
      url: '/api/v1/_probe/fault',
      status: 500,
      exception: 'TypeError',
      message: 'cannot read properties of undefined (reading "id")',
    });
    expect(page.data[0].stack).toContain('TypeError');

    await app.inject({ method: 'GET', url: '/api/v1/_probe/fault' });
    await expect.poll(async () => (await errorLog(admin.cookie)).json().pagination.total).toBe(2);
    const second = (await errorLog(admin.cookie, '?perPage=1&page=2')).json().pagination;
    expect(second).toMatchObject({ current_page: 2, per_page: 1, total: 2, last_page: 2 });
    expect(second.data[0].request_id).toBe(requestId);
  });

  it('does not log what is not a server fault', async () => {
    const before = (await errorLog(admin.cookie)).json().pagination.total;
    expect((await app.inject({ method: 'GET', url: '/api/v1/no-such-thing' })).statusCode).toBe(404);
    expect((await errorLog(listener.cookie)).statusCode).toBe(403);
    expect((await errorLog(admin.cookie)).json().pagination.total).toBe(before);
  });

  it('answers a download link for the latest errors, and the file holds them', async () => {
    const link = await app.inject({
      method: 'GET',
      url: '/api/v1/logs/error/download-latest',
      headers: admin,
    });
    expect(link.statusCode).toBe(200);
    const { download_url: url, file_name: name } = link.json();
    expect(name).toMatch(/^cadence-errors-\d{4}-\d{2}-\d{2}\.log$/);
    const path = new URL(url).pathname;
    const file = await app.inject({ method: 'GET', url: path, headers: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    const newest = (await errorLog(admin.cookie)).json().pagination.data[0];
    expect(file.body).toContain(`request=${newest.request_id}`);
    expect(file.body).toContain('TypeError: cannot read properties');

    for (const url of ['/api/v1/logs/error/download-latest', path]) {
      expect((await app.inject({ method: 'GET', url, headers: listener })).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
