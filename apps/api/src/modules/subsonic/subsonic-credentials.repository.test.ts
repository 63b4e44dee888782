import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as authRepository from '../../platform/auth/auth.repository';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { encryptSecret } from '../settings/settings-crypto';
import { authenticate } from './subsonic-auth';
import { signInByLogin, signInByToken, upsertCredentials } from './subsonic-credentials.repository';
import { SubsonicParams } from './subsonic-params';

/**
 * The one-statement sign-in (issue 35's per-request cost): it must find the same account with
 * the same access as two separate reads (the user's row, then `loadAccess`), and every change to
 * the account, its token, its app password or its access must apply on the very next call.
 */
let t: TestApp;
let userId: number;
const EMAIL = 'Sign-In@Example.com';
const SECRET = 'a-plain-token-secret';
const APP_PASSWORD = 'app-password-1';
const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');

async function webUser(id: number) {
  const row = await t.deps.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new Error('no user');
  return authRepository.loadAccess(t.deps.db, row);
}

async function grant(id: number, permission: string) {
  const { id: permissionId } = await t.deps.db
    .selectFrom('permissions')
    .select('id')
    .where('name', '=', permission)
    .executeTakeFirstOrThrow();
  await t.deps.db
    .insertInto('permissionables')
    .values({ permission_id: permissionId, permissionable_type: 'user', permissionable_id: id })
    .execute();
}

const apiKeyCall = (apiKey: string) =>
  authenticate(t.deps, new SubsonicParams([`apiKey=${encodeURIComponent(apiKey)}`]), '10.0.0.1');
const passwordCall = (u: string, p = APP_PASSWORD) =>
  authenticate(t.deps, new SubsonicParams([new URLSearchParams({ u, p }).toString()]), '10.0.0.2');
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { code?: number }) => error.code,
  );

beforeAll(async () => {
  t = await createTestApp();
  userId = await createTestUser(t.deps, { email: EMAIL, permissions: ['music.view', 'music.play'] });
  await t.deps.db.updateTable('users').set({ name: 'Unique Listener' }).where('id', '=', userId).execute();
  const role = await t.deps.db.selectFrom('roles').select('id').orderBy('id').executeTakeFirstOrThrow();
  await t.deps.db.insertInto('user_role').values({ user_id: userId, role_id: role.id }).execute();
  await t.deps.db
    .insertInto('personal_access_tokens')
    .values({ user_id: userId, name: 'phone', token_hash: hash(SECRET) })
    .execute();
  await upsertCredentials(t.deps.db, userId, {
    is_enabled: true,
    app_password: encryptSecret(APP_PASSWORD, t.deps.appKey),
    password_created_at: new Date(),
  });
  for (const email of ['twin-1@example.com', 'twin-2@example.com']) {
    const twin = await createTestUser(t.deps, { email });
    await t.deps.db.updateTable('users').set({ name: 'Twin' }).where('id', '=', twin).execute();
  }
});

afterAll(async () => {
  await t.close();
});

describe('signInByToken and signInByLogin', () => {
  it('read the same account and access as the web does', async () => {
    const expected = await webUser(userId);
    expect(expected.roles.length).toBeGreaterThan(0);
    expect(expected.permissions.map((p) => p.name)).toEqual(
      expect.arrayContaining(['music.view', 'music.play']),
    );
    const byToken = await signInByToken(t.deps.db, hash(SECRET));
    expect(byToken?.user).toEqual(expected);
    expect(byToken?.isEnabled).toBe(true);
    expect((await signInByLogin(t.deps.db, 'sign-in@example.COM'))?.user).toEqual(expected);
    const byName = await signInByLogin(t.deps.db, 'Unique Listener');
    expect(byName?.user).toEqual(expected);
    expect(byName?.credentials).toMatchObject({ is_enabled: true });
    // The credentials are the sign-in's, never part of the user the methods see.
    expect(Object.keys(byName?.user ?? {})).not.toContain('subsonic_app_password');
    expect(Object.keys(byToken?.user ?? {})).not.toContain('token_id');
  });

  it('find nobody for an unknown token, an unknown login or a name two accounts share', async () => {
    expect(await signInByToken(t.deps.db, hash('unknown'))).toBeUndefined();
    expect(await signInByLogin(t.deps.db, 'nobody@example.com')).toBeUndefined();
    expect(await signInByLogin(t.deps.db, 'Twin')).toBeUndefined();
    expect(await signInByLogin(t.deps.db, 'twin-2@example.com')).toMatchObject({
      user: { email: 'twin-2@example.com' },
      credentials: undefined,
    });
  });
});

describe('authenticate reads every change on the next call', () => {
  it('a lost or gained permission', async () => {
    expect(await codeOf(apiKeyCall(SECRET))).toBe('ok');
    await grant(userId, 'music.download');
    const { user } = await apiKeyCall(SECRET);
    expect(user.permissions.map((p) => p.name)).toContain('music.download');
    await t.deps.db.deleteFrom('user_role').where('user_id', '=', userId).execute();
    expect((await apiKeyCall(SECRET)).user.roles).toEqual([]);
    expect((await passwordCall(EMAIL)).user.roles).toEqual([]);
  });

  it('a ban, and its end', async () => {
    await t.deps.db.updateTable('users').set({ banned_at: new Date() }).where('id', '=', userId).execute();
    expect(await codeOf(apiKeyCall(SECRET))).toBe(40);
    expect(await codeOf(passwordCall(EMAIL))).toBe(40);
    await t.deps.db.updateTable('users').set({ banned_at: null }).where('id', '=', userId).execute();
    expect(await codeOf(apiKeyCall(SECRET))).toBe('ok');
    expect(await codeOf(passwordCall(EMAIL))).toBe('ok');
  });

  it("the account's Subsonic switch, for tokens and app passwords", async () => {
    await upsertCredentials(t.deps.db, userId, { is_enabled: false });
    expect(await codeOf(apiKeyCall(SECRET))).toBe(50);
    expect(await codeOf(passwordCall(EMAIL))).toBe(50);
    await upsertCredentials(t.deps.db, userId, { is_enabled: true });
    expect(await codeOf(apiKeyCall(SECRET))).toBe('ok');
  });

  it('a changed or revoked app password', async () => {
    await upsertCredentials(t.deps.db, userId, {
      app_password: encryptSecret('app-password-2', t.deps.appKey),
    });
    expect(await codeOf(passwordCall('Unique Listener'))).toBe(40);
    expect(await codeOf(passwordCall('Unique Listener', 'app-password-2'))).toBe('ok');
    await upsertCredentials(t.deps.db, userId, { app_password: null });
    expect(await codeOf(passwordCall('Unique Listener', 'app-password-2'))).toBe(40);
  });

  it('an expired or deleted token', async () => {
    await t.deps.db
      .updateTable('personal_access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hash(SECRET))
      .execute();
    expect(await codeOf(apiKeyCall(SECRET))).toBe(40);
    await t.deps.db.deleteFrom('personal_access_tokens').where('token_hash', '=', hash(SECRET)).execute();
    expect(await codeOf(apiKeyCall(`7|${SECRET}`))).toBe(40);
  });
});
