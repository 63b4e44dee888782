import { ZSocialAuthMessageSchema } from '@cadence/contracts/auth';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Agent, createAgent, createUserWithPassword, loggedInAgent } from '../auth/test-agent';

let t: TestApp;
let oidc: OAuth2Server;
let userinfo: Record<string, unknown> = {};

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  oidc.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
    response.body = userinfo;
  });
  t = await createTestApp({
    env: {
      GOOGLE_ID: 'cadence-client',
      GOOGLE_SECRET: 'cadence-secret',
      GOOGLE_OIDC_ISSUER: oidc.issuer.url ?? '',
    },
  });
  await t.app.services.settings.save({ client: { social: { google: { enable: true } } } });
});
afterAll(async () => {
  await t?.close();
  await oidc?.stop();
});
beforeEach(() => {
  userinfo = {
    sub: `sub-${Math.random().toString(36).slice(2)}`,
    email: 'social.person@example.com',
    email_verified: true,
    name: 'Social Person',
  };
});

function messageIn(html: string) {
  const json = html.match(/var message = (\{.*\});/)?.[1] ?? '{}';
  return ZSocialAuthMessageSchema.parse(JSON.parse(json));
}

/** Opens the popup, lets the provider "approve", and follows its redirect back to the callback. */
async function popupFlow(agent: Agent, start: string, tamper?: (callback: URL) => void) {
  const started = await agent.get(start);
  if (started.statusCode !== 302) return started;
  const authorize = new URL(String(started.headers.location));
  expect(authorize.origin).toBe(new URL(oidc.issuer.url ?? '').origin);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  const approved = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(String(approved.headers.get('location')));
  expect(callback.pathname).toBe('/secure/auth/social/google/callback');
  tamper?.(callback);
  return agent.get(`${callback.pathname}${callback.search}`);
}

describe('social login against a real OAuth2/OIDC server', () => {
  it('signs up a new user and posts SUCCESS with bootstrapData to the opener on the site origin only', async () => {
    const agent = createAgent(t.app);
    const page = await popupFlow(agent, '/secure/auth/social/google/login');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`var targetOrigins = ["${new URL(t.env.APP_URL).origin}"];`);
    expect(page.body).toContain('window.opener.postMessage(message, targetOrigin)');
    expect(page.body).toContain('window.close()');
    const message = messageIn(page.body);
    expect(message.status).toBe('SUCCESS');
    expect(message.callbackData.bootstrapData?.user?.email).toBe('social.person@example.com');
    expect(message.callbackData.bootstrapData?.user?.email_verified_at).not.toBeNull();
    const me = (await agent.get('/api/v1/users/me')).json().user;
    expect(me.social_profiles).toEqual([{ service_name: 'google', username: 'Social Person' }]);
    expect(me.has_password).toBe(false);

    // Logging in again finds the same account by its profile.
    const again = createAgent(t.app);
    const second = messageIn((await popupFlow(again, '/secure/auth/social/google/login')).body);
    expect(second.callbackData.bootstrapData?.user?.id).toBe(me.id);
    // Already signed in: nothing to do.
    expect(messageIn((await again.get('/secure/auth/social/google/login')).body).status).toBe(
      'ALREADY_LOGGED_IN',
    );
  });

  it('refuses a state mismatch and a callback without the state cookie', async () => {
    const agent = createAgent(t.app);
    const tampered = await popupFlow(agent, '/secure/auth/social/google/login', (callback) =>
      callback.searchParams.set('state', 'forged-state'),
    );
    const message = messageIn(tampered.body);
    expect(message.status).toBe('ERROR');
    expect(message.callbackData.errorMessage).toBe(
      'The login request is invalid or has expired. Please try again.',
    );
    expect(agent.jar.has('cadence_session')).toBe(false);

    const noCookie = await createAgent(t.app).get('/secure/auth/social/google/callback?code=abc&state=def');
    expect(messageIn(noCookie.body).status).toBe('ERROR');
  });

  it('asks for the password of an existing account with the same email, then connects it', async () => {
    const user = await createUserWithPassword(t.deps);
    userinfo = { ...userinfo, email: user.email };
    const agent = createAgent(t.app);
    expect(messageIn((await popupFlow(agent, '/secure/auth/social/google/login')).body)).toEqual({
      type: 'social-auth',
      status: 'REQUEST_PASSWORD',
      callbackData: {},
    });
    const wrong = await agent.post('/secure/auth/social/connect', { password: 'wrong-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toBe('The provided password was incorrect.');
    const ok = await agent.post('/secure/auth/social/connect', { password: user.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().bootstrapData.user.id).toBe(user.id);
    expect((await agent.get('/api/v1/users/me')).json().user.social_profiles).toHaveLength(1);
    // The pending connection is single-use.
    expect((await agent.post('/secure/auth/social/connect', { password: user.password })).statusCode).toBe(
      422,
    );
  });

  it('connects and disconnects a provider from account settings', async () => {
    const user = await createUserWithPassword(t.deps);
    const agent = await loggedInAgent(t.app, user.email, user.password);
    userinfo = { ...userinfo, name: 'Connected Name' };
    const connected = messageIn((await popupFlow(agent, '/secure/auth/social/google/connect')).body);
    expect(connected.status).toBe('SUCCESS');
    expect((await agent.get('/api/v1/users/me')).json().user.social_profiles).toEqual([
      { service_name: 'google', username: 'Connected Name' },
    ]);
    const disconnected = await agent.post('/secure/auth/social/google/disconnect');
    expect(disconnected.json().user.social_profiles).toEqual([]);
    expect((await createAgent(t.app).post('/secure/auth/social/google/disconnect')).statusCode).toBe(401);
    expect(messageIn((await createAgent(t.app).get('/secure/auth/social/google/connect')).body).status).toBe(
      'ERROR',
    );
  });

  it('honours social.require_account, disabled providers, and escapes provider data in the page', async () => {
    await t.app.services.settings.save({ client: { social: { require_account: true } } });
    const refused = messageIn((await popupFlow(createAgent(t.app), '/secure/auth/social/google/login')).body);
    expect(refused.status).toBe('ERROR');
    expect(refused.callbackData.errorMessage).toMatch(/^No account is connected to this Google profile/);
    await t.app.services.settings.save({ client: { social: { require_account: false } } });

    userinfo = { ...userinfo, email: 'xss@example.com', name: '</script><script>alert(1)</script>\u2028' };
    const page = await popupFlow(createAgent(t.app), '/secure/auth/social/google/login');
    expect(page.body).not.toContain('</script><script>alert(1)');
    expect(messageIn(page.body).status).toBe('SUCCESS');

    const disabled = messageIn((await createAgent(t.app).get('/secure/auth/social/facebook/login')).body);
    expect(disabled).toEqual({
      type: 'social-auth',
      status: 'ERROR',
      callbackData: { errorMessage: 'Facebook login is not enabled.' },
    });
    expect((await createAgent(t.app).get('/secure/auth/social/myspace/login')).statusCode).toBe(422);
  });

  it('does not let a provider bypass two factor authentication', async () => {
    const user = await createUserWithPassword(t.deps);
    const agent = createAgent(t.app);
    expect(messageIn((await popupFlow(agent, '/secure/auth/social/google/login')).body).status).toBe(
      'SUCCESS',
    );
    const id = (await agent.get('/api/v1/users/me')).json().user.id;
    await t.deps.db
      .updateTable('users')
      .set({ two_factor_secret: 'enc:v1:x', two_factor_confirmed_at: new Date() })
      .where('id', '=', id)
      .execute();
    const again = messageIn((await popupFlow(createAgent(t.app), '/secure/auth/social/google/login')).body);
    expect(again.status).toBe('ERROR');
    expect(again.callbackData.errorMessage).toMatch(/^Two factor authentication is enabled/);

    await t.deps.db
      .updateTable('users')
      .set({ two_factor_secret: 'enc:v1:x', two_factor_confirmed_at: new Date() })
      .where('id', '=', user.id)
      .execute();
    userinfo = { ...userinfo, sub: 'another-sub', email: user.email };
    const pending = createAgent(t.app);
    expect(messageIn((await popupFlow(pending, '/secure/auth/social/google/login')).body).status).toBe(
      'REQUEST_PASSWORD',
    );
    const refused = await pending.post('/secure/auth/social/connect', { password: user.password });
    expect(refused.statusCode).toBe(422);
    expect(pending.jar.has('cadence_session')).toBe(false);
  });
});
