import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';

let t: TestApp;
let adminId: number;
let admin: Record<string, string>;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: admin,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const roleNamed = async (name: string) =>
  t.deps.db.selectFrom('roles').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
const rolesOf = async (userId: number) =>
  (
    await t.deps.db
      .selectFrom('user_role')
      .select('role_id')
      .where('user_id', '=', userId)
      .orderBy('role_id')
      .execute()
  ).map((row) => row.role_id);

beforeAll(async () => {
  t = await createTestApp();
  adminId = await createTestUser(t.deps, { permissions: ['admin'] });
  const { cookie, xsrf } = await t.sessionCookie(adminId);
  admin = { cookie, 'x-xsrf-token': xsrf };
});
afterAll(async () => t?.close());

describe('roles', () => {
  it('lists the built-in roles with their permissions and user counts, searchable and sortable', async () => {
    const page = (await call('GET', '/api/v1/roles?orderBy=name&orderDir=asc')).json().pagination;
    expect(page.data.map((role: { name: string }) => role.name)).toEqual(['artists', 'guests', 'users']);
    const users = page.data.find((role: { name: string }) => role.name === 'users');
    expect(users).toMatchObject({ default: true, internal: true });
    expect(users.users_count).toBeGreaterThanOrEqual(1);
    expect(users.permissions.map((p: { name: string }) => p.name)).toContain('music.play');
    const artists = page.data.find((role: { name: string }) => role.name === 'artists');
    expect(artists.permissions).toEqual([
      { name: 'music.create', restrictions: [{ name: 'minutes', value: 60 }] },
    ]);
    expect((await call('GET', '/api/v1/roles?query=gue')).json().pagination.data).toHaveLength(1);
    expect((await call('GET', '/api/v1/roles?orderBy=secret')).statusCode).toBe(422);
  });

  it('creates a role with a restricted permission, refuses duplicates and unknown restrictions, audits', async () => {
    const created = await call('POST', '/api/v1/roles', {
      name: 'Uploaders',
      description: 'Can upload <b>a little</b>',
      permissions: [
        { name: 'music.create', restrictions: [{ name: 'minutes', value: 15 }] },
        { name: 'playlists.create', restrictions: [{ name: 'count', value: null }] },
      ],
    });
    expect(created.statusCode).toBe(201);
    const role = created.json().role;
    expect(role).toMatchObject({
      name: 'Uploaders',
      description: 'Can upload <b>a little</b>',
      internal: false,
      users_count: 0,
    });
    expect(role.permissions).toEqual([
      { name: 'music.create', restrictions: [{ name: 'minutes', value: 15 }] },
      { name: 'playlists.create', restrictions: [] },
    ]);
    expect((await call('GET', `/api/v1/roles/${role.id}`)).json().role.name).toBe('Uploaders');

    const dup = await call('POST', '/api/v1/roles', { name: 'uploaders' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toBe('The name has already been taken.');
    const bad = await call('POST', '/api/v1/roles', {
      name: 'Bad',
      permissions: [{ name: 'music.create', restrictions: [{ name: 'minutes', value: -1 }] }],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['permissions.0.restrictions.0.value']);
    expect((await call('POST', '/api/v1/roles', { name: '' })).json().errors.name).toBeTruthy();
    expect((await call('POST', '/api/v1/roles', { name: 'x'.repeat(101) })).statusCode).toBe(422);

    const audit = await t.deps.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_type', '=', 'roles')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['roles.create']);
    expect(audit[0]?.actor_id).toBe(adminId);
  });

  it('updates a role; only one role keeps the guests flag', async () => {
    const role = await roleNamed('Uploaders');
    const guests = await roleNamed('guests');
    const updated = await call('PUT', `/api/v1/roles/${role.id}`, {
      name: 'Uploaders',
      guests: true,
      permissions: [{ name: 'music.view' }],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().role).toMatchObject({
      guests: true,
      permissions: [{ name: 'music.view', restrictions: [] }],
    });
    expect((await roleNamed('guests')).guests).toBe(false);
    // Give the flag back.
    await call('PUT', `/api/v1/roles/${guests.id}`, {
      name: 'guests',
      guests: true,
      permissions: (await call('GET', `/api/v1/roles/${guests.id}`)).json().role.permissions,
    });
    expect((await roleNamed('Uploaders')).guests).toBe(false);
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('action', '=', 'roles.update')
      .execute();
    expect(audit[0]?.before).toMatchObject({ name: 'Uploaders', guests: false });
    expect(audit[0]?.after).toMatchObject({ guests: true });
  });

  it('a change to the guests role shows in the next guest bootstrap data, not after the cache expires', async () => {
    const guestPermissions = async () => {
      const res = await t.app.inject({ url: '/api/v1/bootstrap-data' });
      const role = res.json().bootstrapData.guest_role as { permissions: { name: string }[] } | null;
      return (role?.permissions ?? []).map((permission) => permission.name);
    };
    const guests = await roleNamed('guests');
    const permissions: { name: string }[] = (await call('GET', `/api/v1/roles/${guests.id}`)).json().role
      .permissions;
    const [dropped, ...kept] = permissions;
    expect(dropped).toBeDefined();
    expect(await guestPermissions()).toContain(dropped?.name);
    try {
      const res = await call('PUT', `/api/v1/roles/${guests.id}`, {
        name: 'guests',
        guests: true,
        permissions: kept,
      });
      expect(res.statusCode).toBe(200);
      expect(await guestPermissions()).not.toContain(dropped?.name);
    } finally {
      await call('PUT', `/api/v1/roles/${guests.id}`, { name: 'guests', guests: true, permissions });
    }
    expect(await guestPermissions()).toContain(dropped?.name);
  });

  it('never deletes a built-in role; deleting a role in use moves its users to the default role in one transaction', async () => {
    const users = await roleNamed('users');
    const builtIn = await call('DELETE', '/api/v1/roles', { ids: [users.id] });
    expect(builtIn.statusCode).toBe(422);
    expect(builtIn.json().errors.ids).toBe('Built-in roles cannot be deleted.');

    const role = await roleNamed('Uploaders');
    const member = await createTestUser(t.deps);
    await t.deps.db.insertInto('user_role').values({ user_id: member, role_id: role.id }).execute();
    const res = await call('DELETE', '/api/v1/roles', { ids: [role.id] });
    expect(res.json()).toEqual({ message: 'Deleted roles', deleted: 1 });
    expect(await rolesOf(member)).toEqual([users.id]);
    expect(
      await t.deps.db
        .selectFrom('permissionables')
        .select('permission_id')
        .where('permissionable_type', '=', 'role')
        .where('permissionable_id', '=', role.id)
        .execute(),
    ).toEqual([]);
  });

  it('refuses a role change that would take admin from the last admin or from oneself', async () => {
    const adminPermission = await t.deps.db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'admin')
      .executeTakeFirstOrThrow();
    const created = (
      await call('POST', '/api/v1/roles', { name: 'Admins', permissions: [{ name: 'admin' }] })
    ).json().role;
    await t.deps.db.insertInto('user_role').values({ user_id: adminId, role_id: created.id }).execute();
    // Now only this role grants admin, and only to this test's admin.
    await t.deps.db
      .deleteFrom('permissionables')
      .where('permission_id', '=', adminPermission.id)
      .where('permissionable_type', '=', 'user')
      .execute();

    const strip = await call('PUT', `/api/v1/roles/${created.id}`, { name: 'Admins', permissions: [] });
    expect(strip.statusCode).toBe(422);
    expect(strip.json().errors.permissions).toBe('You cannot remove your own admin permission.');
    const drop = await call('DELETE', '/api/v1/roles', { ids: [created.id] });
    expect(drop.statusCode).toBe(422);
    expect((await call('GET', `/api/v1/roles/${created.id}`)).json().role.permissions).toEqual([
      { name: 'admin', restrictions: [] },
    ]);
    expect(await rolesOf(adminId)).toContain(created.id);
  });
});
