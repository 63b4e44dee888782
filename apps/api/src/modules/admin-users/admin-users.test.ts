import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_COUNT_CAP } from '../../platform/db/admin-list';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';

let t: TestApp;
let adminId: number;
let admin: Record<string, string>;

type Session = Record<string, string>;
async function sessionOf(userId: number): Promise<Session> {
  const { cookie, xsrf } = await t.sessionCookie(userId);
  return { cookie, 'x-xsrf-token': xsrf };
}
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Session, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });

async function roleId(name: string) {
  return (await t.deps.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow())
    .id;
}
async function auditActions(subjectId: number) {
  const rows = await t.deps.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id'])
    .where('subject_type', '=', 'users')
    .where('subject_id', '=', String(subjectId))
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

beforeAll(async () => {
  t = await createTestApp();
  adminId = await createTestUser(t.deps, { permissions: ['admin'], email: 'root@example.com' });
  admin = await sessionOf(adminId);
});
afterAll(async () => t?.close());

describe('POST users (admin creates a user)', () => {
  it('creates a verified user with the default role, audits it, and refuses bad input with field errors', async () => {
    const created = await call('POST', '/api/v1/users', admin, {
      email: 'ann@example.com',
      password: 'a-long-password',
      name: 'Ann <b>Lee</b>',
      email_verified: true,
    });
    expect(created.statusCode).toBe(201);
    const user = created.json().user;
    expect(user).toMatchObject({ email: 'ann@example.com', name: 'Ann <b>Lee</b>', has_password: true });
    expect(user.email_verified_at).not.toBeNull();
    expect(user.roles.map((role: { name: string }) => role.name)).toEqual(['users']);
    expect(await auditActions(user.id)).toEqual(['users.create']);
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['after', 'actor_id'])
      .where('action', '=', 'users.create')
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(adminId);
    expect(JSON.stringify(audit.after)).not.toContain('a-long-password');

    const taken = await call('POST', '/api/v1/users', admin, {
      email: 'ANN@example.com',
      password: 'a-long-password',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toBe('The email has already been taken.');
    const bad = await call('POST', '/api/v1/users', admin, { email: 'nope', password: 'short' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'password']);
    const badRole = await call('POST', '/api/v1/users', admin, {
      email: 'x@example.com',
      password: 'a-long-password',
      roles: [999999],
    });
    expect(badRole.statusCode).toBe(422);
    expect(badRole.json().errors.roles).toBeTruthy();
  });

  it('stores no name when none is given: the address never becomes the name', async () => {
    const created = await call('POST', '/api/v1/users', admin, {
      email: 'nameless.person@example.com',
      password: 'a-long-password',
    });
    expect(created.statusCode).toBe(201);
    const { id, name } = created.json().user;
    expect(name).toBe('');
    const row = await t.deps.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('');
    const listener = await sessionOf(await createTestUser(t.deps, { permissions: ['users.view'] }));
    const seen = await call('GET', `/api/v1/users/${id}`, listener);
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toContain('nameless.person');
  });
});

describe('GET users (the admin list)', () => {
  it('searches, filters by role, banned and verified, sorts and pages', async () => {
    const artists = await roleId('artists');
    const a = await createTestUser(t.deps, { email: 'zed-artist@example.com' });
    await t.deps.db.insertInto('user_role').values({ user_id: a, role_id: artists }).execute();
    await createTestUser(t.deps, { email: 'banned-bob@example.com', isBanned: true });

    const list = (query: string) =>
      call('GET', `/api/v1/users${query}`, admin).then((r) => r.json().pagination);
    expect((await list('?query=zed-art')).data.map((u: { email: string }) => u.email)).toEqual([
      'zed-artist@example.com',
    ]);
    // `%` and `_` are literal.
    expect((await list('?query=%25')).total).toBe(0);
    // Case is ignored on both columns; a text never matches across the name and the email.
    expect((await list('?query=ZED-ART')).data.map((u: { id: number }) => u.id)).toEqual([a]);
    const named = await t.deps.db
      .selectFrom('users')
      .select(['name', 'email'])
      .where('id', '=', a)
      .executeTakeFirstOrThrow();
    expect(
      (await list(`?query=${encodeURIComponent(named.name.toUpperCase())}`)).data.map(
        (u: { id: number }) => u.id,
      ),
    ).toContain(a);
    expect(
      (await list(`?query=${encodeURIComponent(`${named.name.slice(-2)}\n${named.email.slice(0, 2)}`)}`))
        .total,
    ).toBe(0);
    expect((await list(`?role=${artists}`)).data.map((u: { id: number }) => u.id)).toEqual([a]);
    expect((await list('?banned=1')).data.map((u: { email: string }) => u.email)).toEqual([
      'banned-bob@example.com',
    ]);
    expect((await list('?banned=0')).data.some((u: { banned_at: string | null }) => u.banned_at)).toBe(false);
    const verified = (await list('?email_verified=1')).data;
    expect(verified.map((u: { email: string }) => u.email)).toContain('ann@example.com');
    expect(verified.every((u: { email_verified_at: string | null }) => u.email_verified_at)).toBe(true);
    const unverified = (await list('?email_verified=0')).data;
    expect(unverified.length).toBeGreaterThan(0);
    expect(unverified.some((u: { email_verified_at: string | null }) => u.email_verified_at)).toBe(false);
    const byEmail = (await list('?orderBy=email&orderDir=asc')).data.map((u: { email: string }) => u.email);
    expect(byEmail).toEqual([...byEmail].sort());
    const paged = await list('?perPage=2&page=2&orderBy=email&orderDir=asc');
    expect(paged).toMatchObject({ current_page: 2, per_page: 2, last_page: Math.ceil(paged.total / 2) });
    expect(paged.data[0].email).toBe(byEmail[2]);
    const first = (await list('?query=zed')).data[0];
    expect(first.roles).toEqual([{ id: artists, name: 'artists' }]);

    expect((await call('GET', '/api/v1/users?orderBy=password', admin)).statusCode).toBe(422);
    expect((await call('GET', '/api/v1/users?banned=maybe', admin)).statusCode).toBe(422);
  });
});

describe('PUT users/{id}', () => {
  it('lets an admin set roles, direct permissions with restrictions and verification, audited', async () => {
    const id = await createTestUser(t.deps);
    const artists = await roleId('artists');
    const res = await call('PUT', `/api/v1/users/${id}`, admin, {
      roles: [artists],
      permissions: [{ name: 'music.create', restrictions: [{ name: 'minutes', value: 30 }] }],
      email_verified_at: '2030-01-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(200);
    const detail = (await call('GET', `/api/v1/users/${id}/admin`, admin)).json().user;
    expect(detail.roles).toEqual([{ id: artists, name: 'artists' }]);
    expect(detail.direct_permissions).toEqual([
      { name: 'music.create', restrictions: [{ name: 'minutes', value: 30 }] },
    ]);
    expect(detail.email_verified_at).toBe('2030-01-01T00:00:00.000Z');
    expect(await auditActions(id)).toEqual(['users.update']);

    const unknown = await call('PUT', `/api/v1/users/${id}`, admin, {
      permissions: [{ name: 'root.everything' }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['permissions.0.name']);
    const badRestriction = await call('PUT', `/api/v1/users/${id}`, admin, {
      permissions: [{ name: 'music.create', restrictions: [{ name: 'bytes', value: 1 }] }],
    });
    expect(Object.keys(badRestriction.json().errors)).toEqual(['permissions.0.restrictions.0.name']);
  });

  it('ignores roles, permissions and email_verified_at sent by a non-admin (mass assignment)', async () => {
    const id = await createTestUser(t.deps);
    const self = await sessionOf(id);
    const res = await call('PUT', `/api/v1/users/${id}`, self, {
      name: 'Still me',
      roles: [await roleId('artists')],
      permissions: [{ name: 'admin' }],
      email_verified_at: '2030-01-01T00:00:00.000Z',
      email: 'hijack@example.com',
      ban_reason: 'x',
    });
    expect(res.statusCode).toBe(200);
    const row = await t.deps.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Still me');
    expect(row.email_verified_at).toBeNull();
    expect(row.email).not.toBe('hijack@example.com');
    expect(
      await t.deps.db.selectFrom('user_role').select('role_id').where('user_id', '=', id).execute(),
    ).toEqual([]);
    expect(
      await t.deps.db
        .selectFrom('permissionables')
        .select('permission_id')
        .where('permissionable_type', '=', 'user')
        .where('permissionable_id', '=', id)
        .execute(),
    ).toEqual([]);
    // Nobody else's account either.
    const other = await createTestUser(t.deps);
    expect((await call('PUT', `/api/v1/users/${other}`, self, { name: 'x' })).statusCode).toBe(403);
  });

  it('bans with a reason: the open session is refused at once; unban lets it back in', async () => {
    const id = await createTestUser(t.deps);
    const victim = await sessionOf(id);
    expect((await call('GET', '/api/v1/user-sessions', victim)).statusCode).toBe(200);
    const ban = await call('PUT', `/api/v1/users/${id}`, admin, {
      banned_at: new Date().toISOString(),
      ban_reason: 'Spam',
    });
    expect(ban.statusCode).toBe(200);
    const refused = await call('GET', '/api/v1/user-sessions', victim);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This account has been suspended.');
    expect((await call('GET', `/api/v1/users/${id}/admin`, admin)).json().user).toMatchObject({
      ban_reason: 'Spam',
    });

    await call('PUT', `/api/v1/users/${id}`, admin, { banned_at: null });
    expect((await call('GET', '/api/v1/user-sessions', victim)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/users/${id}/admin`, admin)).json().user).toMatchObject({
      banned_at: null,
      ban_reason: null,
    });
    expect(await auditActions(id)).toEqual(['users.ban', 'users.unban']);
  });

  it('keeps the last admin and never lets an admin drop their own admin permission', async () => {
    // The installer's seeded admin steps down: root is the only admin left.
    const adminPermission = await t.deps.db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'admin')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .deleteFrom('permissionables')
      .where('permission_id', '=', adminPermission.id)
      .where('permissionable_type', '=', 'user')
      .where('permissionable_id', '!=', adminId)
      .execute();
    const own = await call('PUT', `/api/v1/users/${adminId}`, admin, { permissions: [] });
    expect(own.statusCode).toBe(422);
    expect(own.json().errors.permissions).toBe('You cannot remove your own admin permission.');
    // A user manager (not an admin) cannot suspend or strip the only admin.
    const manager = await sessionOf(await createTestUser(t.deps, { permissions: ['users.update'] }));
    const ban = await call('PUT', `/api/v1/users/${adminId}`, manager, {
      banned_at: new Date().toISOString(),
    });
    expect(ban.statusCode).toBe(422);
    expect(ban.json().errors.banned_at).toBe('The site must keep at least one admin.');
    const strip = await call('PUT', `/api/v1/users/${adminId}`, manager, { permissions: [] });
    expect(strip.json().errors.permissions).toBe('The site must keep at least one admin.');
    const row = await t.deps.db
      .selectFrom('users')
      .select('banned_at')
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow();
    expect(row.banned_at).toBeNull();
    expect(
      (await call('GET', `/api/v1/users/${adminId}/admin`, admin)).json().user.direct_permissions,
    ).toEqual([{ name: 'admin', restrictions: [] }]);
  });
});

describe('DELETE users (bulk)', () => {
  it('deletes by ids in one go, ends their sessions, refuses oneself', async () => {
    const a = await createTestUser(t.deps);
    const b = await createTestUser(t.deps);
    const aSession = await sessionOf(a);
    const res = await call('DELETE', '/api/v1/users', admin, { ids: [a, b] });
    expect(res.json()).toEqual({ message: 'Deleted users', deleted: 2 });
    expect((await call('GET', '/api/v1/user-sessions', aSession)).statusCode).toBe(401);
    expect(await auditActions(a)).toEqual(['users.delete']);
    const self = await call('DELETE', '/api/v1/users', admin, { ids: [adminId] });
    expect(self.statusCode).toBe(422);
    expect(Object.keys(self.json().errors)).toEqual(['ids']);
    expect((await call('DELETE', '/api/v1/users', admin, { ids: [] })).statusCode).toBe(422);
  });
});

describe("a user's security and api tabs", () => {
  it('lists sessions and tokens, logs out everywhere, revokes a token, resets 2FA, gives a reset link', async () => {
    const id = await createTestUser(t.deps, { email: 'sec@example.com' });
    const session = await sessionOf(id);
    const token = await t.deps.db
      .insertInto('personal_access_tokens')
      .values([
        { user_id: id, name: 'CI', token_hash: 'h1' },
        { user_id: id, name: 'Laptop', token_hash: 'h2' },
      ])
      .returning('id')
      .execute();
    await t.deps.db
      .updateTable('users')
      .set({ two_factor_secret: 'enc', two_factor_confirmed_at: new Date() })
      .where('id', '=', id)
      .execute();
    let detail = (await call('GET', `/api/v1/users/${id}/admin`, admin)).json().user;
    expect(detail.sessions).toHaveLength(1);
    expect(detail.tokens.map((tk: { name: string }) => tk.name).sort()).toEqual(['CI', 'Laptop']);
    expect(detail.two_factor_status).toBe('enabled');
    expect(JSON.stringify(detail)).not.toContain('enc');

    const revoke = await call('DELETE', `/api/v1/users/${id}/tokens/${token[0]?.id}`, admin);
    expect(revoke.json().message).toBe('Token deleted');
    expect((await call('DELETE', `/api/v1/users/${adminId}/tokens/${token[1]?.id}`, admin)).statusCode).toBe(
      404,
    );

    expect((await call('DELETE', `/api/v1/users/${id}/two-factor`, admin)).statusCode).toBe(200);
    detail = (await call('GET', `/api/v1/users/${id}/admin`, admin)).json().user;
    expect(detail.two_factor_status).toBe('disabled');

    expect((await call('DELETE', `/api/v1/users/${id}/sessions`, admin)).json().message).toBe(
      'Logged out everywhere.',
    );
    expect((await call('GET', '/api/v1/user-sessions', session)).statusCode).toBe(401);
    detail = (await call('GET', `/api/v1/users/${id}/admin`, admin)).json().user;
    expect(detail.sessions).toEqual([]);
    expect(detail.tokens).toEqual([]);

    const link = await call('POST', `/api/v1/users/${id}/password-reset-link`, admin, {});
    expect(link.statusCode).toBe(200);
    const url = new URL(link.json().url);
    const resetToken = url.pathname.split('/').pop();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: {
        token: resetToken,
        email: 'sec@example.com',
        password: 'brand-new-pass',
        password_confirmation: 'brand-new-pass',
      },
    });
    expect(reset.statusCode).toBe(200);
    expect(await auditActions(id)).toEqual([
      'users.token_revoke',
      'users.two_factor_reset',
      'users.logout_everywhere',
      'users.password_reset_link',
    ]);
    expect((await call('GET', '/api/v1/users/999999/admin', admin)).statusCode).toBe(404);
  });
});

describe('GET users on a large site (capped total)', () => {
  it('counts up to the cap, says the total is a lower bound, and pages on past it', async () => {
    const extra = 30;
    await sql`insert into users (name, email, created_at, updated_at)
      select 'Bulk ' || g, 'capped-' || lpad(g::text, 5, '0') || '@bulk.test', now(), now()
      from generate_series(1, ${ADMIN_COUNT_CAP + extra}) g`.execute(t.deps.db);
    const list = async (query: string) => {
      const res = await call('GET', `/api/v1/users?orderBy=email&orderDir=asc&perPage=25&${query}`, admin);
      expect(res.statusCode).toBe(200);
      return res.json().pagination;
    };
    const emails = (page: { data: { email: string }[] }) => page.data.map((user) => user.email);
    const at = (n: number) => `capped-${String(n).padStart(5, '0')}@bulk.test`;

    const capPage = ADMIN_COUNT_CAP / 25;
    const first = await list('query=capped-&page=1');
    expect(first).toMatchObject({
      current_page: 1,
      total: ADMIN_COUNT_CAP,
      total_capped: true,
      last_page: capPage,
    });
    expect(emails(first)).toHaveLength(25);
    expect(emails(first)[0]).toBe(at(1));
    // The page that ends at the cap still counts (capped).
    expect(await list(`query=capped-&page=${capPage}`)).toMatchObject({
      total: ADMIN_COUNT_CAP,
      total_capped: true,
    });
    // Past the cap the count is skipped: the page's rows bound the total, and a next page exists.
    const past = await list(`query=capped-&page=${capPage + 1}`);
    expect(emails(past)).toEqual(Array.from({ length: 25 }, (_, i) => at(ADMIN_COUNT_CAP + 1 + i)));
    expect(past).toMatchObject({
      current_page: capPage + 1,
      total: ADMIN_COUNT_CAP + 25,
      total_capped: true,
      last_page: capPage + 1,
    });
    // The last page knows the exact total.
    const last = await list(`query=capped-&page=${capPage + 2}`);
    expect(emails(last)).toEqual(Array.from({ length: 5 }, (_, i) => at(ADMIN_COUNT_CAP + 26 + i)));
    expect(last).toMatchObject({
      total: ADMIN_COUNT_CAP + extra,
      total_capped: false,
      last_page: capPage + 2,
    });
    // A page past the end is empty and still says how many there are (at least).
    const beyond = await list(`query=capped-&page=${capPage + 3}`);
    expect(beyond).toMatchObject({
      data: [],
      total: ADMIN_COUNT_CAP,
      total_capped: true,
      last_page: capPage,
    });

    // Narrow searches keep exact totals.
    const narrow = await list('query=capped-0100');
    expect(narrow).toMatchObject({ total: 10, total_capped: false, last_page: 1 });
    expect(emails(narrow)).toEqual(Array.from({ length: 10 }, (_, i) => at(1000 + i)));
  });
});

describe('GET users paged by cursor (Next seeks instead of skipping rows)', () => {
  it('gives the same rows as the numbered pages, both directions and sorts, and refuses a forged cursor', async () => {
    await sql`insert into users (name, email, created_at, updated_at)
      select 'Seek ' || lpad((g % 7)::text, 2, '0'), 'seek-' || lpad(g::text, 3, '0') || '@seek.test',
        timestamp '2026-01-01' + (g % 5) * interval '1 day' + g * interval '1 microsecond', now()
      from generate_series(1, 60) g`.execute(t.deps.db);
    const list = async (query: string) => {
      const res = await call('GET', `/api/v1/users?query=seek-&perPage=7&${query}`, admin);
      expect(res.statusCode).toBe(200);
      return res.json().pagination;
    };
    const ids = (page: { data: { id: number }[] }) => page.data.map((user) => user.id);
    // Names repeat (7 values) and dates collide by day: the id breaks the ties in both orders.
    for (const sortQuery of [
      'orderBy=name&orderDir=asc',
      'orderBy=name&orderDir=desc',
      'orderBy=created_at',
    ]) {
      let bySeek = await list(`${sortQuery}&page=1`);
      for (let page = 2; page <= 9; page++) {
        expect(bySeek.next_cursor, `${sortQuery} page ${page - 1}`).toEqual(expect.any(String));
        const byOffset = await list(`${sortQuery}&page=${page}`);
        bySeek = await list(`${sortQuery}&page=${page}&after=${bySeek.next_cursor}`);
        expect(ids(bySeek), `${sortQuery} page ${page}`).toEqual(ids(byOffset));
        expect(bySeek).toMatchObject({ current_page: page, total: 60 });
      }
      // 60 rows, 7 a page: page 9 holds the last 4 and has no next.
      expect(bySeek.data).toHaveLength(4);
      expect(bySeek.next_cursor).toBeNull();
    }
    // A sort on a nullable column pages by number only.
    expect(await list('orderBy=banned_at&page=1')).not.toHaveProperty('next_cursor');
    const forged = await call('GET', '/api/v1/users?orderBy=name&page=2&after=not-a-cursor', admin);
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors).toEqual({ after: 'This page link is no longer valid.' });
  });
});
