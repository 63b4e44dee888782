import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { recordAudit } from './record-audit';

let t: TestApp;
let adminId: number;
let admin: { cookie: string };
let listener: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  adminId = await createTestUser(t.deps, { permissions: ['admin'] });
  admin = await t.sessionCookie(adminId);
  listener = await t.sessionCookie(await createTestUser(t.deps));
});
afterAll(async () => t?.close());

const list = (cookie: string | undefined, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/audit-log${query}`, headers: cookie ? { cookie } : {} });

describe('audit log', () => {
  it('records inside the write transaction: a rolled-back write leaves no row', async () => {
    await t.deps.db.transaction().execute(async (trx) => {
      await recordAudit(trx, {
        actorId: adminId,
        action: 'roles.update',
        subjectType: 'role',
        subjectId: 7,
        before: { name: 'Old', password: 'hunter2', nested: { api_token: 'abc', keep: 1 } },
        after: { name: 'New', when: new Date('2030-01-01T00:00:00Z') },
        ipAddress: '203.0.113.9',
      });
    });
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await recordAudit(trx, {
          actorId: adminId,
          action: 'roles.delete',
          subjectType: 'role',
          subjectId: 8,
        });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');

    const page = (await list(admin.cookie)).json().pagination;
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({
      actor_id: adminId,
      actor_name: 'Test User',
      action: 'roles.update',
      subject_type: 'role',
      subject_id: '7',
      // Secrets never reach the log, at any depth.
      before: { name: 'Old', password: '********', nested: { api_token: '********', keep: 1 } },
      after: { name: 'New', when: '2030-01-01T00:00:00.000Z' },
      ip_address: '203.0.113.9',
    });
  });

  it('searches, filters, sorts and pages like every admin list', async () => {
    for (const action of ['users.ban', 'users.unban', 'settings.update']) {
      await recordAudit(t.deps.db, {
        actorId: action === 'settings.update' ? null : adminId,
        action,
        subjectType: action.split('.')[0] as string,
        subjectId: action === 'settings.update' ? null : 42,
      });
    }
    const users = (await list(admin.cookie, '?subject_type=users&subject_id=42')).json().pagination;
    expect(users.data.map((row: { action: string }) => row.action).sort()).toEqual([
      'users.ban',
      'users.unban',
    ]);
    expect((await list(admin.cookie, '?query=unban')).json().pagination.total).toBe(1);
    expect((await list(admin.cookie, `?actor_id=${adminId}`)).json().pagination.total).toBe(3);
    const sorted = (await list(admin.cookie, '?orderBy=action&orderDir=asc')).json().pagination.data;
    expect(sorted.map((row: { action: string }) => row.action)).toEqual([
      'roles.update',
      'settings.update',
      'users.ban',
      'users.unban',
    ]);
    expect((await list(admin.cookie, '?perPage=3&page=2')).json().pagination).toMatchObject({
      current_page: 2,
      per_page: 3,
      total: 4,
      last_page: 2,
    });
    // The newest first by default.
    expect((await list(admin.cookie)).json().pagination.data[0].action).toBe('settings.update');
  });

  it('refuses bad list input with 422 and the field named', async () => {
    const bad = await list(admin.cookie, '?orderBy=password');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('orderBy');
    expect((await list(admin.cookie, '?perPage=1000')).statusCode).toBe(422);
    expect((await list(admin.cookie, '?actor_id=abc')).statusCode).toBe(422);
  });

  it('is for admins only', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(listener.cookie)).statusCode).toBe(403);
  });
});
