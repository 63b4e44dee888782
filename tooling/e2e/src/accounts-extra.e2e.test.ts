import { OAuth2Server } from 'oauth2-mock-server';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './api-env';
import { type RunningApi, startApi } from './api-server';
import { launchBrowser } from './browser';

const ADMIN = E2E_ADMIN;
const XSRF = 'e2e-xsrf-token';

let api: RunningApi;
let browser: Browser;
let oidc: OAuth2Server;

/** Session cookie of a fresh login (or registration) made outside the browser. */
async function sessionCookie(path: '/auth/login' | '/auth/register', body: Record<string, unknown>) {
  const response = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
  const session = response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('cadence_session='))
    ?.split(';', 1)[0];
  if (!session) throw new Error(`${path} set no session cookie`);
  return { session, json: JSON.parse(text) as { bootstrapData: { user: { id: number } | null } } };
}

describe('accounts in the browser: suspension and social login', () => {
  beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    oidc.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
      response.body = {
        sub: 'google-sub-e2e',
        email: 'social.listener@e2e.test',
        email_verified: true,
        name: 'Social Listener',
      };
    });
    // startApi hands its own environment to the api process (a real OAuth2/OIDC peer on loopback).
    process.env.GOOGLE_OIDC_ISSUER = oidc.issuer.url ?? '';
    process.env.GOOGLE_ID = 'cadence-e2e-client';
    process.env.GOOGLE_SECRET = 'cadence-e2e-secret';
    process.env.ALLOW_LOOPBACK_FETCH = 'true';
    api = await startApi({ 'social.google.enable': 'true' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    await oidc?.stop();
  });

  it('a user banned by an admin sees the suspended screen on the next load', async () => {
    const email = 'banned.listener@e2e.test';
    const password = 'banned-listener-password';
    const registered = await sessionCookie('/auth/register', {
      email,
      password,
      password_confirmation: password,
    });
    const userId = registered.json.bootstrapData.user?.id;
    expect(userId).toBeTypeOf('number');

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${api.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByTestId('user-menu-trigger').waitFor();

    const admin = await sessionCookie('/auth/login', { ...ADMIN, remember: false });
    const ban = await fetch(`${api.url}/api/v1/users/${userId}`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        cookie: `${admin.session}; XSRF-TOKEN=${XSRF}`,
        'x-xsrf-token': XSRF,
      },
      body: JSON.stringify({ banned_at: new Date().toISOString() }),
    });
    expect(ban.status).toBe(200);

    await page.reload();
    await page.getByRole('heading', { name: 'Your account is suspended' }).waitFor();
    const siteName = await page.evaluate(
      () =>
        (window as unknown as { bootstrapData?: { settings: { branding: { site_name: string } } } })
          .bootstrapData?.settings.branding.site_name,
    );
    await expect(page.getByTestId('suspended-screen').textContent()).resolves.toBe(
      `You can't open ${siteName} because your account is suspended. Contact the Admin to re-activate your account.`,
    );
    // Any other route is the same screen, and the api refuses the banned session too.
    await page.goto(`${api.url}/account-settings`);
    await page.getByRole('heading', { name: 'Your account is suspended' }).waitFor();
    const status = await page.evaluate(() => fetch('/api/v1/users/me').then((response) => response.status));
    expect(status).toBe(403);
    await context.close();
  });

  it('logs in with Google through the popup against a real OAuth2 server', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${api.url}/login`);
    const popupOpened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupOpened;
    // The popup runs provider -> callback, posts `social-auth` to the opener and closes itself.
    await popup.waitForEvent('close', { timeout: 20_000 });

    await page.getByTestId('user-menu-trigger').waitFor();
    await expect(page.getByTestId('user-menu-trigger').textContent()).resolves.toContain('Social Listener');
    const me = await page.evaluate(() =>
      fetch('/api/v1/users/me').then(async (response) => ({
        status: response.status,
        body: await response.json(),
      })),
    );
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe('social.listener@e2e.test');
    expect(me.body.user.social_profiles).toEqual([{ service_name: 'google', username: 'Social Listener' }]);
    await context.close();
  });
});
