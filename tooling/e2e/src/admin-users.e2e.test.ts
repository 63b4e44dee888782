import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './api-env';
import { type RunningApi, startApi } from './api-server';
import { expectNoAxeViolations } from './axe';
import { launchBrowser } from './browser';

/**
 * Issue 10 part 1 as an admin would do it: create a user, find them with a filter, suspend them
 * (their open session ends on the suspended screen), unsuspend, create a role with a restricted
 * permission and give it to them. Every admin page of this part is axe-clean and photographed
 * at desktop and 390 px (tooling/e2e/artifacts/admin, not committed).
 */
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'admin');
const ADMIN = E2E_ADMIN;
const USER = { email: 'new.listener@e2e.test', password: 'listener-pass-1' };

let api: RunningApi;
let browser: Browser;
let adminContext: BrowserContext;
let admin: Page;
let userId = '';

/** The page answers through a real api on a busy machine: give each wait room. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 200 });

async function login(page: Page, email: string, password: string) {
  await page.goto(`${api.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Zero axe violations, then a desktop and a 390 px screenshot of the page as it is. */
async function auditPage(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  // Audit the page at rest: the pointer left over a button from the last click would be a hover state.
  await page.mouse.move(1, 1);
  // A toast floating over the page (3 s) would be audited as part of whatever lies beneath it.
  await page
    .locator('[role="status"][data-type]')
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
  try {
    await expectNoAxeViolations(page, name);
  } catch (error) {
    const buttons = await page.evaluate(() =>
      [...document.querySelectorAll('button')].map(
        (button) => `${button.id} ${button.className} :: ${button.outerHTML.slice(0, 300)}`,
      ),
    );
    throw new Error(`${(error as Error).message}\nbuttons:\n${buttons.join('\n')}`);
  }
  await page.screenshot({ path: join(ARTIFACTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(150);
  // Nothing sticks out sideways at phone width (a wide table scrolls inside its own box).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} overflows at 390 px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(ARTIFACTS, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('admin users and roles in the browser', () => {
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    api = await startApi();
    browser = await launchBrowser();
    adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    admin = await adminContext.newPage();
    await login(admin, ADMIN.email, ADMIN.password);
  });

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  it('shows the site at a glance on /admin', async () => {
    await admin.goto(`${api.url}/admin`);
    const cards = admin.getByRole('list', { name: 'Site at a glance' });
    await poll(() => cards.getByRole('listitem').count()).toBe(5);
    expect(await cards.textContent()).toContain('Users');
    await auditPage(admin, 'admin-index');
  });

  it('creates a user from the users page', async () => {
    await admin.goto(`${api.url}/admin/users`);
    await admin.getByRole('table', { name: 'Users' }).waitFor();
    await auditPage(admin, 'users-list');
    await admin.getByRole('button', { name: 'Add user' }).first().click();
    const dialog = admin.getByRole('dialog');
    // The schema speaks before the api: a bad email is refused on its field.
    await dialog.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await poll(() => dialog.getByText('The email must be a valid email address.').count()).toBe(1);
    await dialog.getByRole('textbox', { name: 'Email' }).fill(USER.email);
    await dialog.getByLabel('Password').fill(USER.password);
    await dialog.getByLabel('Name').fill('New <b>Listener</b>');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await poll(() => /\/admin\/users\/\d+$/.test(admin.url())).toBe(true);
    userId = admin.url().split('/').pop() ?? '';
    await poll(() => admin.getByRole('heading', { level: 1 }).textContent()).toBe('New <b>Listener</b>');
    await auditPage(admin, 'user-details');
  });

  it('finds the user with the search and a filter, kept in the address', async () => {
    await admin.goto(`${api.url}/admin/users`);
    await admin.getByRole('searchbox', { name: 'Search users' }).fill('new.listener');
    await admin.getByLabel('Email verified').selectOption('1');
    await poll(() => {
      const url = new URL(admin.url());
      return `${url.searchParams.get('query')}|${url.searchParams.get('email_verified')}`;
    }).toBe('new.listener|1');
    const table = admin.getByRole('table', { name: 'Users' });
    await poll(async () => (await table.textContent())?.includes(USER.email)).toBe(true);
    await poll(() => table.getByRole('row').count()).toBe(2);
    // A reload shows the same page.
    await admin.reload();
    await poll(() => admin.getByRole('table', { name: 'Users' }).getByRole('row').count()).toBe(2);
    await admin.getByLabel('Suspended').selectOption('1');
    await poll(() => admin.getByText('No results for these filters').count()).toBe(1);
  });

  it('suspends the user: their open session ends on the suspended screen; unsuspend lets them back', async () => {
    const userContext = await browser.newContext();
    const user = await userContext.newPage();
    await login(user, USER.email, USER.password);

    await admin.goto(`${api.url}/admin/users/${userId}`);
    await admin.getByLabel('Reason').fill('Spam comments');
    await admin.getByRole('button', { name: 'Suspend', exact: true }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Suspend' }).click();
    await poll(() => admin.getByText('Reason: Spam comments').count()).toBe(1);

    await user.reload();
    await user.getByTestId('suspended-screen').waitFor();

    await admin.getByRole('button', { name: 'Unsuspend' }).click();
    await poll(() => admin.getByRole('heading', { name: 'Suspend account' }).count()).toBe(1);
    await user.reload();
    await poll(() => user.getByTestId('suspended-screen').count()).toBe(0);
    await userContext.close();
  });

  it('creates a role with a restricted permission and gives it to the user', async () => {
    await admin.goto(`${api.url}/admin/roles`);
    await admin.getByRole('table', { name: 'Roles' }).waitFor();
    await auditPage(admin, 'roles-list');
    await admin.getByRole('link', { name: 'Add role' }).click();
    await admin.getByLabel('Name').fill('Uploaders');
    await admin.getByLabel('Description').fill('Upload a little');
    await auditPage(admin, 'role-new');
    await admin.locator('input[data-permission="music.create"]').check();
    await admin.getByLabel('minutes').fill('30');
    await admin.getByRole('button', { name: 'Create' }).click();
    await poll(() => /\/admin\/roles\/\d+\/edit$/.test(admin.url())).toBe(true);
    await poll(() => admin.getByLabel('minutes').inputValue()).toBe('30');
    await auditPage(admin, 'role-edit');

    await admin.goto(`${api.url}/admin/users/${userId}`);
    await admin.getByRole('checkbox', { name: 'Uploaders' }).check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await poll(() => admin.getByText('User updated').count()).toBe(1);
    const detail = await admin.evaluate(
      async (id) => (await fetch(`/api/v1/users/${id}/admin`)).json(),
      userId,
    );
    expect(detail.user.roles.map((role: { name: string }) => role.name)).toContain('Uploaders');
    const role = await admin.evaluate(async () => (await fetch('/api/v1/roles?query=Uploaders')).json());
    expect(role.pagination.data[0].permissions).toEqual([
      { name: 'music.create', restrictions: [{ name: 'minutes', value: 30 }] },
    ]);
  });

  it("every tab of the user's page and the audit log are accessible", async () => {
    // Spec 2.12: details is the default tab, also reachable by its name.
    for (const tab of ['details', 'permissions', 'security', 'date', 'api']) {
      await admin.goto(`${api.url}/admin/users/${userId}/${tab}`);
      const link = admin.getByRole('navigation', { name: 'User sections' }).getByRole('link', {
        name: tab === 'api' ? 'API' : tab[0]?.toUpperCase() + tab.slice(1),
        exact: true,
      });
      await poll(() => link.getAttribute('aria-current')).toBe('page');
      expect(await admin.getByTestId('not-found-page').count()).toBe(0);
      await auditPage(admin, `user-${tab}`);
    }
    await admin.getByRole('link', { name: 'Details', exact: true }).click();
    await poll(() => new URL(admin.url()).pathname).toBe(`/admin/users/${userId}`);
    await admin.getByRole('checkbox', { name: 'Uploaders' }).waitFor();
    await admin.goto(`${api.url}/admin/audit-log`);
    const table = admin.getByRole('table', { name: 'Audit log' });
    await table.waitFor();
    const text = await table.textContent();
    for (const action of ['users.create', 'users.ban', 'users.unban', 'roles.create', 'users.update'])
      expect(text).toContain(action);
    await auditPage(admin, 'audit-log');
  });

  it('refuses the admin pages to a listener', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await login(page, USER.email, USER.password);
    for (const path of ['/admin/users', '/admin/roles', '/admin/audit-log']) {
      await page.goto(`${api.url}${path}`);
      await page.getByTestId('not-found-page').waitFor();
    }
    await context.close();
  });
});
