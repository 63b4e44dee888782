import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './api-env';
import { type RunningApi, startApi } from './api-server';
import { expectNoAxeViolations } from './axe';
import { launchBrowser } from './browser';

/**
 * Issue 32: "Show become artist" does what its label says. An admin turns it on in the player
 * settings; a signed-in listener then finds "Become an artist" in the player, pointing at
 * /become-artist; a guest does not.
 */
const ADMIN = E2E_ADMIN;
const LISTENER = { email: 'would.be.artist@e2e.test', password: 'listener-pass-3' };

let api: RunningApi;
let browser: Browser;

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

async function login(page: Page, email: string, password: string) {
  await page.goto(`${api.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

describe('show become artist', () => {
  beforeAll(async () => {
    api = await startApi({}, { SEED_DEMO_CATALOGUE: 'false' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  it('an admin turns it on and a listener sees the link', async () => {
    const listener = await newPage();
    await listener.goto(`${api.url}/register`);
    await listener.getByLabel('Email').fill(LISTENER.email);
    await listener.locator('input[name="password"]').fill(LISTENER.password);
    await listener.locator('input[name="password_confirmation"]').fill(LISTENER.password);
    await listener.getByRole('button', { name: 'Create account' }).click();
    await listener.waitForURL((url) => url.pathname !== '/register');
    await listener.goto(`${api.url}/`);
    await listener.getByTestId('sidebar-primary').waitFor();
    expect(await listener.getByRole('link', { name: 'Become an artist' }).count()).toBe(0);

    const admin = await newPage();
    await login(admin, ADMIN.email, ADMIN.password);
    await admin.goto(`${api.url}/admin/settings/player`);
    const toggle = admin.getByRole('checkbox', { name: 'Show “Become artist”' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click({ force: true });
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Saved settings', { exact: true }).first().waitFor({ timeout: 20_000 });

    await listener.reload();
    const link = listener.getByRole('link', { name: 'Become an artist' });
    await link.waitFor({ timeout: 20_000 });
    // The request form is the backstage's page at the site root: a page load, by its full address.
    expect(new URL((await link.getAttribute('href')) ?? '', listener.url()).pathname).toBe('/become-artist');
    await listener.waitForLoadState('networkidle');
    await expectNoAxeViolations(listener, 'player-become-artist');

    const guest = await newPage();
    await guest.goto(`${api.url}/`);
    await guest.getByTestId('sidebar-primary').waitFor();
    expect(await guest.getByRole('link', { name: 'Become an artist' }).count()).toBe(0);
  });
});
