import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from './api-server';
import { expectNoAxeViolations } from './axe';

const ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' };
const LISTENER = { email: 'notified.artist@e2e.test', password: 'listener-password-1' };

let api: RunningApi;
let browser: Browser;

beforeAll(async () => {
  [api, browser] = await Promise.all([
    startApi(),
    chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
      ],
    }),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'cookie_notice', value: 'true', url: api.url }]);
  return context;
}

async function login(page: Page, who: { email: string; password: string }) {
  await page.goto(`${api.url}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

async function expectAxeClean(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  await expectNoAxeViolations(page);
}

async function unreadCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const response = await fetch('/api/v1/notifications', { credentials: 'include' });
    const body = (await response.json()) as { pagination: { data: { read_at: string | null }[] } };
    return body.pagination.data.filter((row) => !row.read_at).length;
  });
}

describe('every notification leads somewhere', () => {
  it('a request reaches the admin (bell and dashboard); the approval leads the listener to the upload page', async () => {
    // A listener registers and asks to become an artist.
    const listenerContext = await newContext();
    const listener = await listenerContext.newPage();
    await listener.goto(`${api.url}/register`);
    await listener.getByLabel('Email').fill(LISTENER.email);
    await listener.locator('input[name="password"]').fill(LISTENER.password);
    await listener.locator('input[name="password_confirmation"]').fill(LISTENER.password);
    await listener.getByRole('button', { name: 'Create account' }).click();
    await listener.waitForURL((url) => !url.pathname.startsWith('/register'));
    await listener.goto(`${api.url}/backstage/requests/become-artist`);
    await listener.getByLabel('Artist name').fill('The Notified Band');
    await listener.getByRole('button', { name: 'Submit request' }).click();
    await listener.waitForURL(/\/backstage\/requests\/\d+\/request-submitted$/);
    const requestId = Number(/requests\/(\d+)\//.exec(listener.url())?.[1]);

    // The admin is told: the bell leads to the request, and the dashboard lists it as waiting.
    const adminContext = await newContext();
    const admin = await adminContext.newPage();
    await login(admin, ADMIN);
    await admin.goto(`${api.url}/admin`);
    const waiting = admin.getByTestId('dashboard-pending-requests');
    await waiting.getByRole('link', { name: /The Notified Band/ }).waitFor();
    await admin.getByTestId('dashboard-plays').waitFor();
    await admin.getByTestId('dashboard-signups').waitFor();
    await admin.getByTestId('dashboard-uploads').waitFor();
    await expectAxeClean(admin);
    await admin.getByTestId('notification-bell').click();
    await admin
      .getByTestId('notification-popover')
      .getByRole('link', { name: /asks to become an artist/ })
      .click();
    await admin.waitForURL(new RegExp(`/admin/backstage-requests/${requestId}$`));
    await admin.getByTestId('backstage-request').waitFor();
    await admin.getByRole('button', { name: 'Approve' }).click();
    await admin.getByTestId('request-status').getByText('approved').waitFor();

    // The listener follows the notification from the bell and lands on the upload page.
    await listener.goto(`${api.url}/`);
    await listener.getByTestId('notification-badge').waitFor();
    expect(await unreadCount(listener)).toBe(1);
    await listener.getByTestId('notification-bell').click();
    await listener
      .getByTestId('notification-popover')
      .getByRole('link', { name: 'Your request to become an artist was approved.' })
      .click();
    await listener.waitForURL(/\/backstage\/upload$/);
    await listener.getByTestId('backstage-upload').waitFor();
    expect(await unreadCount(listener)).toBe(0);
    await expectAxeClean(listener);
  });
});
