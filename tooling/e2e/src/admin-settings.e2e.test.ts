import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './api-env';
import { freePort, type RunningApi, startApi } from './api-server';
import { expectNoAxeViolations } from './axe';
import { launchBrowser } from './browser';
import { startSmtpPeer } from './smtp-peer';

/**
 * Issue 10 part 2 as an admin would do it: rename the site in settings and see it in the player,
 * save outgoing mail against an SMTP peer (a wrong server refused on its field), add a language,
 * translate a line and see it in the player, delete a file for ever, a wrong reCAPTCHA secret
 * refused on its field with the group's message at the top of the tab. Every page is axe-clean and
 * photographed at desktop and 390 px (tooling/e2e/artifacts/admin); a listener is refused.
 */
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'admin');
const ADMIN = E2E_ADMIN;
const LISTENER = { email: 'plain.listener@e2e.test', password: 'listener-pass-2' };

let api: RunningApi;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let browser: Browser;
let admin: Page;
let recaptcha: Server;
const RECAPTCHA_SECRET = 'e2e-recaptcha-secret';

/** The reCAPTCHA verification endpoint as Google runs it: a wrong secret is `invalid-input-secret`. */
function startRecaptchaPeer(): Promise<string> {
  recaptcha = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const secret = new URLSearchParams(body).get('secret');
      const codes = secret === RECAPTCHA_SECRET ? ['invalid-input-response'] : ['invalid-input-secret'];
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ success: false, 'error-codes': codes }));
    });
  });
  return new Promise((resolve) =>
    recaptcha.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(recaptcha.address() as AddressInfo).port}/siteverify`),
    ),
  );
}

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 200 });

async function login(page: Page, email: string, password: string) {
  await page.goto(`${api.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

async function auditPage(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.mouse.move(1, 1);
  await page
    .locator('[role="status"][data-type]')
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
  await expectNoAxeViolations(page, name);
  await page.screenshot({ path: join(ARTIFACTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(150);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} overflows at 390 px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(ARTIFACTS, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A fresh guest's view of the player home (bootstrap data inlined at this load). */
async function playerAsGuest(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${api.url}/`);
  return page;
}

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 20_000 });
}

describe('admin settings, localizations and files in the browser', () => {
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    smtp = await startSmtpPeer();
    api = await startApi({}, { RECAPTCHA_VERIFY_URL: await startRecaptchaPeer() });
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    admin = await context.newPage();
    await login(admin, ADMIN.email, ADMIN.password);
  });

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    await smtp?.close();
    await new Promise((resolve) => (recaptcha ? recaptcha.close(resolve) : resolve(undefined)));
  });

  it('renames the site in settings and the player shows the new name', async () => {
    await admin.goto(`${api.url}/admin/settings`);
    await admin.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    const siteName = admin.getByRole('textbox', { name: 'Site name' });
    await poll(() => siteName.inputValue()).toBe('Cadence');
    await auditPage(admin, 'settings-general');
    await siteName.fill('Night Radio');
    await admin.getByRole('button', { name: 'Save' }).click();
    await toast(admin, 'Saved settings');

    const player = await playerAsGuest();
    await player.getByRole('img', { name: 'Night Radio' }).first().waitFor();
    await player.context().close();
  });

  it('saves outgoing mail only once a test message went through the SMTP server', async () => {
    await admin.goto(`${api.url}/admin/settings/outgoing-email`);
    await admin.getByLabel('Mail driver').waitFor();
    await auditPage(admin, 'settings-outgoing-email');
    await admin.getByLabel('Mail driver').selectOption('smtp');
    await admin.getByRole('textbox', { name: 'SMTP host' }).fill('127.0.0.1');
    const closedPort = await freePort();
    await admin.getByLabel('SMTP port').fill(String(closedPort));
    await admin.getByRole('button', { name: 'Save' }).click();
    // Refused on the host field (focused), and nothing saved.
    await admin
      .getByText(/Could not connect to the mail server/)
      .first()
      .waitFor({ timeout: 30_000 });
    await poll(() => admin.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('mail_host');
    const stored = await admin.evaluate(async () => (await fetch('/api/v1/settings')).json());
    expect(stored.server.mail_host).toBe('');
    expect(stored.server.mail_driver).toBe('log');

    await admin.getByLabel('SMTP port').fill(new URL(smtp.url).port);
    await admin.getByRole('button', { name: 'Save' }).click();
    await toast(admin, 'Saved settings');
    const mail = await smtp.waitForMail(ADMIN.email);
    expect(mail).toContain('Test message from Night Radio');
    const saved = await admin.evaluate(async () => (await fetch('/api/v1/settings')).json());
    expect(saved.server).toMatchObject({ mail_driver: 'smtp', mail_host: '127.0.0.1' });

    // Every other tab opens axe-clean; the queue tab shows the worker.
    const tabs = [
      'Subscriptions',
      'Localization',
      'Authentication',
      'Uploading',
      'Cache',
      'Analytics',
      'Logging',
      'Queue',
      'Websockets',
      'Recaptcha',
      'GDPR',
      'Search',
      'Providers',
      'Player',
    ];
    for (const tab of tabs) {
      await admin
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link', { name: tab, exact: true })
        .click();
      await admin.getByRole('heading', { name: tab, exact: true }).waitFor({ state: 'attached' });
      await admin
        .getByRole('button', { name: 'Save' })
        .or(admin.getByText(/chosen when the server starts/).first())
        // Cache, logging, search and providers explain what the server does, with no field to save.
        .or(admin.getByTestId('settings-tab-notice'))
        .first()
        .waitFor();
      if (tab === 'Queue') await admin.getByTestId('queue-status').waitFor();
      await admin.waitForLoadState('networkidle');
      await expectNoAxeViolations(admin, `settings-${tab.toLowerCase()}`);
    }
    await auditPage(admin, 'settings-queue');
  });

  it('saves a reCAPTCHA secret only once the verification service accepts it', async () => {
    await admin.goto(`${api.url}/admin/settings/recaptcha`);
    await admin.getByRole('textbox', { name: 'Site key' }).fill('e2e-site-key');
    await admin.getByLabel('Secret key').fill('not-the-secret');
    await admin.getByRole('button', { name: 'Save' }).click();
    // The group's message at the top of the tab, the field's own on the secret (focused).
    await admin
      .getByRole('alert')
      .getByText('reCAPTCHA refused this secret key.')
      .waitFor({ timeout: 20_000 });
    await poll(() => admin.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(
      'recaptcha.secret_key',
    );
    expect(await admin.getByLabel('Secret key').getAttribute('aria-invalid')).toBe('true');
    await auditPage(admin, 'settings-recaptcha-refused');
    const refused = await admin.evaluate(async () => (await fetch('/api/v1/settings')).json());
    expect(refused.client.recaptcha).toMatchObject({ site_key: '', secret_key: '' });

    await admin.getByLabel('Secret key').fill(RECAPTCHA_SECRET);
    await admin.getByRole('button', { name: 'Save' }).click();
    await toast(admin, 'Saved settings');
    const saved = await admin.evaluate(async () => (await fetch('/api/v1/settings')).json());
    expect(saved.client.recaptcha).toMatchObject({ site_key: 'e2e-site-key', secret_key: '********' });
  });

  it('shows the logs on the admin kit tables', async () => {
    await admin.goto(`${api.url}/admin/logs`);
    await admin.getByRole('table', { name: 'Scheduled tasks' }).waitFor();
    await auditPage(admin, 'logs-schedule');
    const tabs = admin.getByRole('navigation', { name: 'Logs' });
    await tabs.getByRole('link', { name: 'Outgoing email' }).click();
    await poll(() => new URL(admin.url()).pathname).toBe('/admin/logs/outgoing-email');
    // The outgoing-email tab, as a table or its empty state, is axe-clean too.
    await admin.waitForLoadState('networkidle');
    await expectNoAxeViolations(admin, 'logs-outgoing-email');

    // Spec 2.12: each tab is an address of its own (schedule, the default, by its name too).
    const shown = { schedule: 'Scheduled tasks', error: 'Server errors' } as const;
    for (const [tab, table] of Object.entries(shown)) {
      await admin.goto(`${api.url}/admin/logs/${tab}`);
      await admin.getByRole('table', { name: table }).or(admin.getByText('Nothing to show yet.')).waitFor();
      expect(await admin.getByTestId('not-found-page').count()).toBe(0);
      const current = tabs.getByRole('link', { name: tab === 'error' ? 'Error' : 'Schedule' });
      expect(await current.getAttribute('aria-current')).toBe('page');
      await admin.waitForLoadState('networkidle');
      await expectNoAxeViolations(admin, `logs-${tab}`);
    }
    await tabs.getByRole('link', { name: 'Schedule' }).click();
    await poll(() => new URL(admin.url()).pathname).toBe('/admin/logs');
    await admin.getByRole('table', { name: 'Scheduled tasks' }).waitFor();

    await admin.goto(`${api.url}/admin/settings/general`);
    const general = admin.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', {
      name: 'General',
    });
    await poll(() => general.getAttribute('aria-current')).toBe('page');
  });

  it('adds a language, makes it the default, translates a line and the player shows it', async () => {
    await admin.goto(`${api.url}/admin/localizations`);
    await admin.getByRole('table', { name: 'Localizations' }).waitFor();
    await auditPage(admin, 'localizations');
    await admin.getByRole('button', { name: 'Add language' }).first().click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Français');
    await dialog.getByRole('textbox', { name: 'Language code' }).fill('fr');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await poll(() => /\/admin\/localizations\/\d+\/translate$/.test(admin.url())).toBe(true);
    await admin.getByRole('heading', { name: 'Translate Français' }).waitFor();

    await admin.getByRole('textbox', { name: 'Search lines' }).fill('Popular Albums');
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    const line = admin.getByRole('textbox', { name: 'Popular Albums', exact: true });
    await line.waitFor();
    await auditPage(admin, 'localization-translate');
    await line.fill('Albums populaires');
    await admin.getByRole('button', { name: 'Save translations' }).click();
    await toast(admin, 'Saved translations');
    await admin.getByRole('textbox', { name: 'Language name' }).fill('Français (France)');
    await admin.getByRole('button', { name: 'Rename' }).click();
    await toast(admin, 'Language renamed');
    await admin.getByRole('heading', { name: 'Translate Français (France)' }).waitFor();

    await admin.goto(`${api.url}/admin/localizations`);
    await admin.getByRole('button', { name: 'Set as default: Français (France)' }).click();
    await toast(admin, 'Default language changed');

    const player = await playerAsGuest();
    await player.getByRole('link', { name: 'Albums populaires' }).first().waitFor();
    await player.context().close();
  });

  it('deletes a file for ever from the files page', async () => {
    const entryId = await admin.evaluate(async () => {
      const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const png = Uint8Array.from(
        atob(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        ),
        (char) => char.charCodeAt(0),
      );
      const form = new FormData();
      form.append('file', new Blob([png], { type: 'image/png' }), 'e2e-delete-me.png');
      const response = await fetch('/api/v1/file-entries', {
        method: 'POST',
        headers: { 'X-XSRF-TOKEN': xsrf },
        body: form,
      });
      return ((await response.json()) as { fileEntry: { id: number } }).fileEntry.id;
    });
    expect(entryId).toBeGreaterThan(0);

    await admin.goto(`${api.url}/admin/files?query=e2e-delete-me`);
    await admin.getByRole('table', { name: 'Files' }).getByText('e2e-delete-me.png').waitFor();
    await admin.getByTestId('disk-usage').waitFor();
    await auditPage(admin, 'files');
    const row = admin.getByRole('checkbox', { name: 'Select e2e-delete-me.png' });
    // To the trash and back first: the bytes stay while it is trashed.
    await row.check();
    await admin.getByTestId('bulk-actions').getByRole('button', { name: 'Move to trash' }).click();
    await toast(admin, 'Moved 1 file to the trash');
    await poll(() =>
      admin.getByRole('table', { name: 'Files' }).getByText('In trash').count(),
    ).toBeGreaterThan(0);
    // A done action clears the selection (before the list reloads): the row is then checked afresh.
    await admin.getByTestId('bulk-actions').waitFor({ state: 'detached' });
    await row.check();
    await admin.getByTestId('bulk-actions').getByRole('button', { name: 'Restore' }).click();
    await toast(admin, 'Restored 1 file');
    await poll(() =>
      admin.evaluate(async (id) => (await fetch(`/api/v1/file-entries/${id}`)).status, entryId),
    ).toBe(200);
    await admin.getByTestId('bulk-actions').waitFor({ state: 'detached' });
    await row.check();
    await admin.getByTestId('bulk-actions').getByRole('button', { name: 'Delete for ever' }).click();
    await admin.getByTestId('confirm').click();
    await toast(admin, 'Deleted 1 file for ever');
    await poll(() => admin.getByRole('table', { name: 'Files' }).getByText('e2e-delete-me.png').count()).toBe(
      0,
    );
    const status = await admin.evaluate(
      async (id) => (await fetch(`/api/v1/file-entries/${id}`)).status,
      entryId,
    );
    expect(status).toBe(404);
  });

  it('refuses the settings, localizations and files pages to a listener', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${api.url}/register`);
    await page.getByLabel('Email').fill(LISTENER.email);
    await page.locator('input[name="password"]').fill(LISTENER.password);
    await page.locator('input[name="password_confirmation"]').fill(LISTENER.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname !== '/register');
    for (const path of ['/admin/settings', '/admin/localizations', '/admin/files']) {
      await page.goto(`${api.url}${path}`);
      await page.getByTestId('not-found-page').waitFor();
    }
    const api403 = await page.evaluate(async () => (await fetch('/api/v1/settings')).status);
    expect(api403).toBe(403);
    await context.close();
  });
});
