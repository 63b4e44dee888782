import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from './api-server';
import { expectNoAxeViolations } from './axe';
import { launchBrowser } from './browser';

/**
 * Spec 2.4's homepage setting, chosen in the admin's settings form, decides what `/` shows; and a
 * page that is not there answers HTTP 404 with the app's 404 page (spec 2.3).
 */
let api: RunningApi;
let browser: Browser;
let admin: Page;
const NOT_FOUND = "Looks like you've found the doorway to the great nothing";

beforeAll(async () => {
  [api, browser] = await Promise.all([startApi(), launchBrowser()]);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  admin = await context.newPage();
  await admin.goto(`${api.url}/login`);
  await admin.getByLabel('Email').fill('admin@e2e.test');
  await admin.getByLabel('Password').fill('e2e-admin-password');
  await admin.getByRole('button', { name: 'Continue' }).click();
  await admin.waitForURL((url) => url.pathname !== '/login');
});

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

async function chooseHomepage(label: string) {
  await admin.goto(`${api.url}/admin/settings`);
  await admin.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  await admin.getByLabel('Homepage type').selectOption({ label });
  await admin.getByRole('button', { name: 'Save' }).click();
  await admin.getByText('Saved settings', { exact: true }).first().waitFor({ timeout: 20_000 });
}

/** A fresh guest's `/`: its HTTP status, and the page once it has settled. */
async function guestHome(): Promise<{ page: Page; status: number | undefined }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const response = await page.goto(`${api.url}/`);
  return { page, status: response?.status() };
}

describe('the homepage setting in the browser', () => {
  it('switches `/` between the landing, login and registration pages and the home channel', async () => {
    await chooseHomepage('Landing page');
    const landing = await guestHome();
    expect(landing.status).toBe(200);
    await landing.page.getByTestId('landing-page').waitFor();
    expect(new URL(landing.page.url()).pathname).toBe('/');
    await landing.page.waitForLoadState('networkidle');
    await expectNoAxeViolations(landing.page, 'home: landing page');
    // Signed in, `/` is the home channel whatever the guests see.
    await admin.goto(`${api.url}/`);
    await admin.getByTestId('home-page').waitFor();

    await chooseHomepage('Login page');
    const login = await guestHome();
    await login.page.getByTestId('login-form').waitFor();
    expect(new URL(login.page.url()).pathname).toBe('/');
    await expectNoAxeViolations(login.page, 'home: login page');

    await chooseHomepage('Register page');
    const register = await guestHome();
    await register.page.getByRole('heading', { name: 'Create a new account' }).waitFor();
    expect(new URL(register.page.url()).pathname).toBe('/');
    await expectNoAxeViolations(register.page, 'home: registration page');

    await chooseHomepage('Channel');
    const channel = await guestHome();
    await channel.page.getByTestId('home-page').waitFor();
    expect(await channel.page.getByTestId('landing-page').count()).toBe(0);
  });
});

describe('a page that is not there', () => {
  it('answers HTTP 404 with the 404 page, in the player and in the admin', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const guest = await context.newPage();
    for (const path of ['/no-such-page', '/no/such/page', '/album/999999/x/y']) {
      const response = await guest.goto(`${api.url}${path}`);
      expect({ path, status: response?.status() }).toEqual({ path, status: 404 });
      await guest.getByRole('heading', { name: NOT_FOUND }).waitFor();
    }
    await guest.waitForLoadState('networkidle');
    await expectNoAxeViolations(guest, 'player 404 page');
    const response = await admin.goto(`${api.url}/admin/no-such`);
    expect(response?.status()).toBe(404);
    await admin.getByRole('heading', { name: NOT_FOUND }).waitFor();
    await expectNoAxeViolations(admin, 'admin 404 page');
    // A page that is there still answers 200.
    expect((await guest.goto(`${api.url}/discover`))?.status()).toBe(200);
    await context.close();
  });
});
