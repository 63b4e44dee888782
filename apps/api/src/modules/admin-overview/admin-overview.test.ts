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

describe('GET admin/overview: charts and pending requests', () => {
  it('answers each figure per day, adding up to the counters', async () => {
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    const before = (await t.app.inject({ url: '/api/v1/admin/overview?days=7', headers: admin })).json();
    await t.deps.db
      .insertInto('users')
      .values([
        { email: 'series1@example.com', created_at: ago(0.5), updated_at: ago(0.5) },
        { email: 'series2@example.com', created_at: ago(3.5), updated_at: ago(3.5) },
        { email: 'series3@example.com', created_at: ago(9.5), updated_at: ago(9.5) },
      ])
      .execute();
    await t.deps.db
      .insertInto('file_entries')
      .values([{ ...file('series-a'), file_size: 10, created_at: ago(6.5), updated_at: ago(6.5) }])
      .execute();
    const res = await t.app.inject({ url: '/api/v1/admin/overview?days=7', headers: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    for (const key of ['plays', 'new_signups', 'uploads'] as const) {
      const series = body.series[key] as { date: string; value: number; previous: number }[];
      expect(series).toHaveLength(7);
      expect(series.reduce((sum, point) => sum + point.value, 0)).toBe(body[key].current);
      expect(series.reduce((sum, point) => sum + point.previous, 0)).toBe(body[key].previous);
      expect(series.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));
    }
    const delta = (key: 'new_signups' | 'uploads', index: number, field: 'value' | 'previous') =>
      body.series[key][index][field] - before.series[key][index][field];
    expect(delta('new_signups', 6, 'value')).toBe(1);
    expect(delta('new_signups', 3, 'value')).toBe(1);
    expect(delta('new_signups', 4, 'previous')).toBe(1);
    expect(delta('uploads', 0, 'value')).toBe(1);
    // An admin who may not review requests does not see them.
    expect(body.pending_requests).toBeNull();
  });

  it('lists the backstage requests waiting, oldest first, to reviewers', async () => {
    const reviewer = await t.sessionCookie(
      await createTestUser(t.deps, { permissions: ['admin.access', 'backstageRequests.view'] }),
    );
    const requester = await createTestUser(t.deps, { email: 'waiting@example.com' });
    const rows = await t.deps.db
      .insertInto('backstage_requests')
      .values([
        { user_id: requester, type: 'become_artist', artist_name: 'First Wait', data: '{}' },
        { user_id: requester, type: 'claim_artist', artist_name: 'Second Wait', data: '{}' },
        { user_id: requester, type: 'verify_artist', artist_name: 'Done', data: '{}', status: 'approved' },
      ])
      .returning('id')
      .execute();
    const body = (await t.app.inject({ url: '/api/v1/admin/overview?days=30', headers: reviewer })).json();
    expect(body.pending_requests.total).toBe(2);
    expect(body.pending_requests.oldest).toEqual([
      expect.objectContaining({
        id: rows[0]?.id,
        type: 'become_artist',
        artist_name: 'First Wait',
        // A reviewer without users.update is not shown the requester's address (issue 31).
        user: { id: requester, name: 'Test User' },
      }),
      expect.objectContaining({ id: rows[1]?.id, artist_name: 'Second Wait' }),
    ]);
    const manager = await t.sessionCookie(
      await createTestUser(t.deps, {
        permissions: ['admin.access', 'backstageRequests.view', 'users.update'],
      }),
    );
    const managed = (await t.app.inject({ url: '/api/v1/admin/overview?days=30', headers: manager })).json();
    expect(managed.pending_requests.oldest[0].user.email).toBe('waiting@example.com');
  });
});
