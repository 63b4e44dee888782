import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { findTokenUserWithAccess, findUserWithAccess, loadAccess } from './auth.repository';

/**
 * A signed-in request reads its user and their access in one statement: it must give what the
 * user's row and `loadAccess` give as two reads, and see a change to either on the next call.
 */
let t: TestApp;
let userId: number;
const SECRET = 'a-web-token-secret';
const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');

async function twoReads(id: number) {
  const row = await t.deps.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return loadAccess(t.deps.db, row);
}

beforeAll(async () => {
  t = await createTestApp();
  userId = await createTestUser(t.deps, { email: 'one-read@example.com', permissions: ['music.view'] });
  const role = await t.deps.db.selectFrom('roles').select('id').orderBy('id').executeTakeFirstOrThrow();
  await t.deps.db.insertInto('user_role').values({ user_id: userId, role_id: role.id }).execute();
  await t.deps.db
    .insertInto('personal_access_tokens')
    .values({ user_id: userId, name: 'laptop', token_hash: hash(SECRET) })
    .execute();
});

afterAll(async () => {
  await t.close();
});

describe('findUserWithAccess and findTokenUserWithAccess', () => {
  it('give the same user, roles and permissions as the two reads', async () => {
    const expected = await twoReads(userId);
    expect(expected.roles.length).toBeGreaterThan(0);
    expect(expected.permissions.map((p) => p.name)).toContain('music.view');
    expect(await findUserWithAccess(t.deps.db, userId)).toEqual(expected);
    const byToken = await findTokenUserWithAccess(t.deps.db, hash(SECRET));
    expect(byToken?.user).toEqual(expected);
    expect(byToken?.token).toMatchObject({ last_used_at: null, expires_at: null });
    expect(byToken?.token.id).toEqual(expect.any(Number));
    expect(Object.keys(byToken?.user ?? {})).not.toContain('token_id');
  });

  it('find nobody for an unknown id or token', async () => {
    expect(await findUserWithAccess(t.deps.db, 987_654_321)).toBeUndefined();
    expect(await findTokenUserWithAccess(t.deps.db, hash('unknown'))).toBeUndefined();
  });

  it('read a lost role, a gained permission and a ban on the next call', async () => {
    const { id: permissionId } = await t.deps.db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'music.download')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('permissionables')
      .values({ permission_id: permissionId, permissionable_type: 'user', permissionable_id: userId })
      .execute();
    await t.deps.db.deleteFrom('user_role').where('user_id', '=', userId).execute();
    await t.deps.db.updateTable('users').set({ banned_at: new Date() }).where('id', '=', userId).execute();
    const user = await findUserWithAccess(t.deps.db, userId);
    expect(user?.roles).toEqual([]);
    expect(user?.permissions.map((p) => p.name)).toContain('music.download');
    expect(user?.banned_at).toBeInstanceOf(Date);
    expect((await findTokenUserWithAccess(t.deps.db, hash(SECRET)))?.user).toEqual(user);
    expect(user).toEqual(await twoReads(userId));
  });
});
