import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from './api-server';
import { expectNoAxeViolations } from './axe';
import { launchBrowser } from './browser';

/**
 * A form shows the same text for the same rule whether the browser or the server found it: the
 * contract's zod schema checks the values in the page, and the api answers its 422 with the same
 * lines (issue 20).
 */
let api: RunningApi;
let browser: Browser;

beforeAll(async () => {
  [api, browser] = await Promise.all([startApi(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

async function loginAsAdmin(page: Page): Promise<void> {
  await page.goto(`${api.url}/login`);
  await page.getByLabel('Email').fill('admin@e2e.test');
  await page.getByLabel('Password').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/admin'));
}

/** What the api answers for the same values, sent from the signed-in page. */
function serverNameError(page: Page, name: string): Promise<{ status: number; message: string }> {
  return page.evaluate(async (value) => {
    const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
    const response = await fetch('/api/v1/playlists', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'X-XSRF-TOKEN': xsrf,
        'X-E2E-Probe': '1',
      },
      body: JSON.stringify({ name: value }),
    });
    const body = (await response.json()) as { errors?: { name?: string[] } };
    return { status: response.status, message: body.errors?.name?.[0] ?? '' };
  }, name);
}

describe('validation messages under form fields', () => {
  it("the player's playlist form shows the api's own line under the name field, before any request", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await loginAsAdmin(page);
    await page.goto(`${api.url}/`);
    let playlistPosts = 0;
    page.on('request', (request) => {
      const isProbe = request.headers()['x-e2e-probe'] === '1';
      if (
        request.method() === 'POST' &&
        new URL(request.url()).pathname === '/api/v1/playlists' &&
        !isProbe
      ) {
        playlistPosts += 1;
      }
    });
    await page.getByTestId('sidebar-new-playlist').click();
    const dialog = page.getByRole('dialog', { name: 'New playlist' });
    const name = dialog.getByRole('textbox', { name: 'Name' });

    await dialog.getByRole('button', { name: 'Create' }).click();
    const required = await serverNameError(page, '');
    expect(required.status).toBe(422);
    expect(required.message).toBe('The name is required.');
    await dialog.getByText(required.message).waitFor();
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(name.evaluate((input) => input === document.activeElement)).resolves.toBe(true);

    const long = 'x'.repeat(101);
    await name.fill(long);
    await dialog.getByRole('button', { name: 'Create' }).click();
    const tooLong = await serverNameError(page, long);
    expect(tooLong.status).toBe(422);
    await dialog.getByText(tooLong.message).waitFor();
    // Both messages came from the page's own check: the form sent nothing.
    expect(playlistPosts).toBe(0);
    await expectNoAxeViolations(page, 'the new playlist dialog');

    await name.fill('Made after two messages');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(playlistPosts).toBe(1);
    await context.close();
  });

  it("an admin form shows the contract's line before any request and the server's line on its field", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await loginAsAdmin(page);
    let rolePosts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/roles') rolePosts += 1;
    });
    await page.goto(`${api.url}/admin/roles/new`);
    const name = page.getByRole('textbox', { name: 'Name' });
    await name.waitFor();

    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('The name field is required.').waitFor();
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(name.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    expect(rolePosts).toBe(0);

    // Only the server knows the name is taken: its line lands under the same field, focused.
    await name.fill('Artists');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('The name has already been taken.').waitFor();
    expect(rolePosts).toBe(1);
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(name.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    await expectNoAxeViolations(page, 'the new role form with a server error');
    await context.close();
  });
});
