import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { assertValidXml, subsonicClient } from './subsonic.test-helper';

let t: TestApp;
let base: string;
let userId: number;
let password: string;
const email = 'listener@example.com';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  userId = await createTestUser(t.deps, { email, permissions: ['music.view', 'music.play', 'api.access'] });
  const { cookie, xsrf } = await t.sessionCookie(userId);
  const response = await fetch(`${base}/api/v1/account/subsonic/password`, {
    method: 'POST',
    headers: { cookie, 'x-xsrf-token': xsrf, origin: base },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { app_password: string; subsonic: { has_password: boolean } };
  expect(body.subsonic.has_password).toBe(true);
  password = body.app_password;
}, 120_000);
afterAll(async () => t?.close());

describe('Subsonic answers', () => {
  it('ping answers ok in XML (valid against the schema), JSON and JSONP', async () => {
    const client = subsonicClient(base, { u: email, password });
    const xml = await client.xml('ping');
    expect(xml).toContain('xmlns="http://subsonic.org/restapi"');
    expect(xml).toContain('status="ok"');
    expect(xml).toContain('version="1.16.1"');
    expect(xml).toContain('type="cadence"');
    expect(xml).toContain('openSubsonic="true"');
    const json = await client.json('ping');
    expect(json).toMatchObject({ status: 'ok', version: '1.16.1', type: 'cadence', openSubsonic: true });
    const jsonp = await fetch(client.url('ping', { f: 'jsonp', callback: 'cb_1' }));
    expect(await jsonp.text()).toMatch(/^cb_1\(\{"subsonic-response":\{"status":"ok"/);
  });

  it('answers /rest/{method} without .view, and POST with a form body (formPost)', async () => {
    const client = subsonicClient(base, { u: email, password });
    const plain = await fetch(client.url('ping').replace('ping.view', 'ping'));
    await assertValidXml(await plain.text());
    const form = new URLSearchParams(client.authParams('token'));
    form.set('f', 'json');
    const posted = await fetch(`${base}/rest/getLicense.view`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    const body = (await posted.json()) as {
      'subsonic-response': { status: string; license: { valid: boolean } };
    };
    expect(body['subsonic-response']).toMatchObject({ status: 'ok', license: { valid: true } });
  });

  it('accepts p in plain and enc: hex, t+s, and refuses malformed enc:', async () => {
    const client = subsonicClient(base, { u: email, password });
    for (const mode of ['plain', 'enc', 'token'] as const) {
      const response = await fetch(client.url('ping', { f: 'json' }, mode));
      expect(
        ((await response.json()) as { 'subsonic-response': { status: string } })['subsonic-response'].status,
      ).toBe('ok');
    }
    const bad = await fetch(`${base}/rest/ping.view?u=${email}&p=enc:zz1&f=json`);
    expect(await bad.json()).toMatchObject({
      'subsonic-response': { status: 'failed', error: { code: 40 } },
    });
  });

  it('answers failures as Subsonic documents: wrong password 40, missing u 10, unknown method, bad callback', async () => {
    const wrong = subsonicClient(base, { u: email, password: 'not-it' });
    expect((await wrong.json('ping')).error).toMatchObject({ code: 40 });
    await assertValidXml(await (await fetch(wrong.url('ping'))).text());
    const missing = await fetch(`${base}/rest/ping.view?f=json`);
    expect(await missing.json()).toMatchObject({ 'subsonic-response': { error: { code: 10 } } });
    const unknown = await fetch(`${base}/rest/noSuchMethod.view`);
    expect(unknown.status).toBe(200);
    const unknownXml = await unknown.text();
    expect(unknownXml).toContain('status="failed"');
    await assertValidXml(unknownXml);
    const callback = await fetch(`${base}/rest/ping.view?f=jsonp&callback=alert(1)`);
    expect(callback.headers.get('content-type')).toContain('application/json');
    expect(await callback.json()).toMatchObject({
      'subsonic-response': { status: 'failed', error: { code: 10 } },
    });
    const deep = await fetch(`${base}/rest/ping.view?v=2.0.0&f=json&u=${email}&p=${password}`);
    expect(await deep.json()).toMatchObject({ 'subsonic-response': { error: { code: 30 } } });
  });

  it('takes personal access tokens as apiKey (OpenSubsonic) and lists the extensions', async () => {
    const { cookie, xsrf } = await t.sessionCookie(userId);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/access-tokens',
      headers: { cookie, 'x-xsrf-token': xsrf },
      payload: { tokenName: 'phone' },
    });
    const apiKey = (made.json() as { plainTextToken?: string }).plainTextToken;
    expect(apiKey).toBeTruthy();
    const client = subsonicClient(base, { apiKey: apiKey as string });
    expect(await client.json('tokenInfo')).toMatchObject({
      status: 'ok',
      tokenInfo: { username: 'Test User' },
    });
    const extensions = await client.json('getOpenSubsonicExtensions');
    expect(extensions.openSubsonicExtensions).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'apiKeyAuthentication' })]),
    );
    expect((await subsonicClient(base, { apiKey: 'nope' }).json('ping')).error).toMatchObject({ code: 40 });

    // The account's Subsonic switch closes /rest to its tokens too, and opens it again.
    const toggle = (isEnabled: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/account/subsonic',
        headers: { cookie, 'x-xsrf-token': xsrf },
        payload: { is_enabled: isEnabled },
      });
    await toggle(false);
    expect((await client.json('ping')).error).toMatchObject({ code: 50 });
    await toggle(true);
    expect((await client.json('ping')).status).toBe('ok');
  });

  it('wrong passwords count toward the login throttle; past it even the right one waits', async () => {
    const victim = 'victim@example.com';
    const id = await createTestUser(t.deps, { email: victim, permissions: ['music.view'] });
    const { cookie, xsrf } = await t.sessionCookie(id);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/subsonic/password',
      headers: { cookie, 'x-xsrf-token': xsrf },
    });
    const right = (made.json() as { app_password: string }).app_password;
    expect((await subsonicClient(base, { u: victim, password: right }).json('ping')).status).toBe('ok');
    const wrong = subsonicClient(base, { u: victim, password: 'guess' });
    for (let attempt = 0; attempt < 11; attempt += 1) {
      expect((await wrong.json('ping')).error).toMatchObject({ code: 40 });
    }
    const locked = await subsonicClient(base, { u: victim, password: right }).json('ping');
    expect(locked.error).toMatchObject({ code: 40 });
    // The web login shares the counter.
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: '127.0.0.1',
      payload: { email: victim, password: 'whatever' },
    });
    expect(login.statusCode).toBe(429);
  });

  it('the admin switch (subsonic.enable) and required email confirmation answer 50', async () => {
    const client = subsonicClient(base, { u: email, password });
    const setSetting = async (name: string, value: string) => {
      await t.deps.db
        .insertInto('settings')
        .values({ name, value })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
        .execute();
      await t.deps.cache.deletePrefix('');
    };
    await setSetting('subsonic.enable', 'false');
    expect((await client.json('ping')).error).toMatchObject({ code: 50 });
    await setSetting('subsonic.enable', 'true');
    await setSetting('require_email_confirmation', 'true');
    expect((await client.json('ping')).error).toMatchObject({ code: 50 });
    await setSetting('require_email_confirmation', 'false');
    expect((await client.json('ping')).status).toBe('ok');
  });

  it('revoking the app password, turning the switch off, or the admin setting answer at once', async () => {
    const { cookie, xsrf } = await t.sessionCookie(userId);
    const headers = { cookie, 'x-xsrf-token': xsrf };
    const client = subsonicClient(base, { u: email, password });
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/subsonic',
      headers,
      payload: { is_enabled: false },
    });
    expect((await client.json('ping')).error).toMatchObject({ code: 50 });
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/subsonic',
      headers,
      payload: { is_enabled: true },
    });
    expect((await client.json('ping')).status).toBe('ok');
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/account/subsonic/password',
      headers,
    });
    expect(revoked.json()).toMatchObject({ subsonic: { has_password: false } });
    expect((await client.json('ping')).error).toMatchObject({ code: 40 });
  });
});
