import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZAccountUserResponseSchema } from '@cadence/contracts/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { createUserWithPassword, loggedInAgent } from '../auth/test-agent';

let t: TestApp;
let imagePeer: Server;
let peerUrl = '';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);

beforeAll(async () => {
  imagePeer = createServer((request, response) => {
    if (request.url === '/avatar.png') {
      response.setHeader('content-type', 'image/png');
      response.end(PNG);
      return;
    }
    response.setHeader('content-type', 'text/html');
    response.end('<html>not an image</html>');
  });
  await new Promise<void>((resolve) => imagePeer.listen(0, '127.0.0.1', resolve));
  peerUrl = `http://127.0.0.1:${(imagePeer.address() as AddressInfo).port}`;
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => imagePeer?.close(resolve));
});

function multipart(fieldName: string, filename: string, bytes: Buffer, mime = 'image/png') {
  const boundary = '----cadence-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('users/{id}', () => {
  it("reads and updates one's own account; others need users.view / users.update", async () => {
    const user = await createUserWithPassword(t.deps);
    const agent = await loggedInAgent(t.app, user.email, user.password);
    const me = ZAccountUserResponseSchema.parse((await agent.get('/api/v1/users/me')).json());
    expect(me.user).toMatchObject({
      id: user.id,
      email: user.email,
      has_password: true,
      two_factor_status: 'disabled',
      tokens: [],
      social_profiles: [],
    });
    expect(JSON.stringify(me)).not.toMatch(/"password"|two_factor_secret/);

    const updated = await agent.put(`/api/v1/users/${user.id}`, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      timezone: 'Europe/London',
      country: 'GB',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().user).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      timezone: 'Europe/London',
      country: 'GB',
    });
    const invalid = await agent.put(`/api/v1/users/${user.id}`, { first_name: 'x'.repeat(300) });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.first_name).toEqual([
      'The first name may not be greater than 255 characters.',
    ]);

    const other = await createTestUser(t.deps);
    expect((await agent.get(`/api/v1/users/${other}`)).statusCode).toBe(403);
    expect((await agent.put(`/api/v1/users/${other}`, { first_name: 'x' })).statusCode).toBe(403);
    expect((await agent.delete(`/api/v1/users/${other}`)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/v1/users/${other}` })).statusCode).toBe(401);

    const admin = await createTestUser(t.deps, { permissions: ['users.view', 'users.update'] });
    const { cookie, xsrf } = await t.sessionCookie(admin);
    const viewed = await t.app.inject({ url: `/api/v1/users/${user.id}`, headers: { cookie } });
    expect(viewed.json().user.first_name).toBe('Ada');
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      headers: { cookie, 'x-xsrf-token': xsrf },
      payload: { name: 'Edited' },
    });
    expect(edited.json().user.name).toBe('Edited');
    expect((await t.app.inject({ url: '/api/v1/users/999999', headers: { cookie } })).statusCode).toBe(404);
  });

  it('refuses writes without the XSRF header and a GET turned into a write by the override', async () => {
    const user = await createUserWithPassword(t.deps);
    const agent = await loggedInAgent(t.app, user.email, user.password);
    const cookie = [...agent.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const noHeader = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      headers: { cookie },
      payload: { name: 'x' },
    });
    expect(noHeader.statusCode).toBe(403);
    const viaGet = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${user.id}?_method=DELETE`,
      headers: { cookie, 'x-http-method-override': 'DELETE' },
    });
    expect(viaGet.statusCode).toBe(200);
    expect((await agent.get('/api/v1/users/me')).statusCode).toBe(200);
  });

  it('changes the password, the locale, and deletes the account after a password confirmation', async () => {
    const user = await createUserWithPassword(t.deps);
    const agent = await loggedInAgent(t.app, user.email, user.password);
    const other = await loggedInAgent(t.app, user.email, user.password);

    const missing = await agent.put('/auth/user/password', {});
    expect(Object.keys(missing.json().errors)).toEqual(
      expect.arrayContaining(['current_password', 'password', 'password_confirmation']),
    );
    const wrong = await agent.put('/auth/user/password', {
      current_password: 'wrong',
      password: 'brand-new-password',
      password_confirmation: 'brand-new-password',
    });
    expect(wrong.json().errors.current_password).toBe('The provided password was incorrect.');
    const changed = await agent.put('/auth/user/password', {
      current_password: user.password,
      password: 'brand-new-password',
      password_confirmation: 'brand-new-password',
    });
    expect(changed.statusCode).toBe(200);
    expect((await other.get('/api/v1/users/me')).statusCode).toBe(401);
    expect((await agent.get('/api/v1/users/me')).statusCode).toBe(200);

    const badLocale = await agent.post('/api/v1/users/me/locale', { locale: 'xx' });
    expect(badLocale.json().errors.locale).toBe('The selected locale is invalid.');
    const locale = await agent.post('/api/v1/users/me/locale', { locale: 'en' });
    expect(locale.json().bootstrapData.user.language).toBe('en');

    expect((await agent.delete(`/api/v1/users/${user.id}`)).statusCode).toBe(403);
    expect((await agent.delete(`/api/v1/users/${user.id}?deleteCurrentUser=true`)).statusCode).toBe(423);
    await agent.post('/auth/user/confirm-password', { password: 'brand-new-password' });
    const apiAccess = await t.deps.db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'api.access')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('permissionables')
      .values({ permission_id: apiAccess.id, permissionable_type: 'user', permissionable_id: user.id })
      .execute();
    const token: string = (await agent.post('/api/v1/access-tokens', { tokenName: 'cli' })).json()
      .plainTextToken;
    expect(
      (await t.app.inject({ url: '/api/v1/users/me', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(200);
    const deleted = await agent.delete(`/api/v1/users/${user.id}?deleteCurrentUser=true`);
    expect(deleted.json()).toEqual({ message: 'Account deleted' });
    expect(
      await t.deps.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await agent.get('/api/v1/users/me')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/v1/users/me', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('users/{id}/avatar', () => {
  it('stores a sniffed image, serves it, and removes it', async () => {
    const user = await createUserWithPassword(t.deps);
    const agent = await loggedInAgent(t.app, user.email, user.password);
    const form = multipart('file', 'me.png', PNG);
    const uploaded = await agent.post(`/api/v1/users/${user.id}/avatar`, form.payload, form.headers);
    expect(uploaded.statusCode).toBe(200);
    const image: string = uploaded.json().user.image;
    expect(image).toMatch(new RegExp(`^${t.env.APP_URL}/api/v1/avatars/${user.id}-[a-f0-9]{24}\\.png$`));
    const served = await t.app.inject({ url: new URL(image).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const removed = await agent.delete(`/api/v1/users/${user.id}/avatar`);
    expect(removed.json().user.image).toBeNull();
    expect((await t.app.inject({ url: new URL(image).pathname })).statusCode).toBe(404);
  });

  it('refuses a non-image (whatever its declared type), a file over 2 MB and an empty form', async () => {
    const user = await createUserWithPassword(t.deps);
    const agent = await loggedInAgent(t.app, user.email, user.password);
    const fake = multipart('file', 'evil.png', Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
    const notImage = await agent.post(`/api/v1/users/${user.id}/avatar`, fake.payload, fake.headers);
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().errors.file).toBe('This file type is not allowed');

    const big = multipart('file', 'big.png', Buffer.concat([PNG, Buffer.alloc(2_097_152)]));
    const tooBig = await agent.post(`/api/v1/users/${user.id}/avatar`, big.payload, big.headers);
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors.file).toBe('`big.png` exceeds maximum allowed size of 2MB');

    const exact = multipart('file', 'exact.png', Buffer.concat([PNG, Buffer.alloc(2_097_152 - PNG.length)]));
    expect(
      (await agent.post(`/api/v1/users/${user.id}/avatar`, exact.payload, exact.headers)).statusCode,
    ).toBe(200);
  });

  it('refuses avatar URLs pointing at private, loopback or link-local addresses (no SSRF)', async () => {
    const user = await createUserWithPassword(t.deps);
    const agent = await loggedInAgent(t.app, user.email, user.password);
    for (const url of [
      `${peerUrl}/avatar.png`,
      'http://localhost/avatar.png',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/a.png',
      'http://[::1]/a.png',
      'http://[::ffff:127.0.0.1]/a.png',
      'file:///etc/passwd',
      'ftp://example.com/a.png',
    ]) {
      const res = await agent.post(`/api/v1/users/${user.id}/avatar`, { url });
      expect(res.statusCode, url).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['url']);
    }
    expect((await agent.post(`/api/v1/users/${user.id}/avatar`, {})).json().errors.url).toEqual([
      'The url field is required.',
    ]);
  });
});
