import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.sessionCookie(await createTestUser(t.deps, { permissions: ['admin.access'] }));
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const file = (name: string) => ({
  name: `${name}.mp3`,
  file_name: name,
  mime: 'audio/mpeg',
  extension: 'mp3',
  path: name,
  disk: 'uploads' as const,
  driver: 'local' as const,
});

describe('GET admin/overview', () => {
  it('counts this period against the one before', async () => {
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    const baseline = (await t.app.inject({ url: '/api/v1/admin/overview?days=7', headers: admin })).json();
    await t.deps.db
      .insertInto('users')
      .values([
        { email: 'old@example.com', created_at: ago(10), updated_at: ago(10) },
        { email: 'new1@example.com', created_at: ago(1), updated_at: ago(1) },
      ])
      .execute();
    await t.deps.db
      .insertInto('file_entries')
      .values([
        { ...file('a'), file_size: 1000, created_at: ago(2), updated_at: ago(2) },
        { ...file('b'), file_size: 500, created_at: ago(9), updated_at: ago(9) },
      ])
      .execute();
    const res = await t.app.inject({ url: '/api/v1/admin/overview?days=7', headers: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toBe(7);
    expect(body.users.current - baseline.users.current).toBe(2);
    expect(body.users.previous - baseline.users.previous).toBe(1);
    expect(body.new_signups.current - baseline.new_signups.current).toBe(1);
    expect(body.new_signups.previous - baseline.new_signups.previous).toBe(1);
    expect(body.uploads.current - baseline.uploads.current).toBe(1);
    expect(body.uploads.previous - baseline.uploads.previous).toBe(1);
    expect(body.storage_bytes.current - baseline.storage_bytes.current).toBe(1500);
    expect(body.storage_bytes.previous - baseline.storage_bytes.previous).toBe(500);
    expect(body.plays).toEqual({ current: expect.any(Number), previous: expect.any(Number) });
    expect((await t.app.inject({ url: '/api/v1/admin/overview?days=5', headers: admin })).statusCode).toBe(
      422,
    );
  });
});
