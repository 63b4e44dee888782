import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './api-env';
import { type RunningApi, startApi } from './api-server';
import { expectNoAxeViolations } from './axe';
import { launchBrowser } from './browser';

/**
 * The admin's music pages (issue 12) as an admin uses them: a channel built by hand and put on the
 * home page, a track edited and found by search, a comment deleted, a listener's report resolved.
 */
let api: RunningApi;
let browser: Browser;
let adminContext: BrowserContext;
let admin: Page;
const ADMIN = E2E_ADMIN;

beforeAll(async () => {
  [api, browser] = await Promise.all([startApi({ 'player.track_comments': 'true' }), launchBrowser()]);
  adminContext = await newContext();
  admin = await adminContext.newPage();
  await login(admin, ADMIN);
}, 180_000);

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

/** An api call with the page's session and XSRF token. */
function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
      const response = await fetch(`/api/v1/${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': xsrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

async function addToChannel(page: Page, search: string, name: string) {
  await page.getByRole('searchbox', { name: 'Find albums to add' }).fill(search);
  await page.getByRole('button', { name: `Add ${name}` }).click();
  await page.getByTestId('channel-content-list').getByText(name, { exact: true }).waitFor();
}

const contentOrder = (page: Page) =>
  page
    .getByTestId('channel-content-item')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('.truncate')?.textContent ?? ''));

describe('music administration in the browser', () => {
  it('builds a carousel channel of three albums, reorders it by keyboard and shows it as the home page', async () => {
    await admin.goto(`${api.url}/admin/channels/new`);
    await admin.getByRole('textbox', { name: 'Name' }).fill('Staff picks');
    await admin.getByLabel('Layout').selectOption('carousel');
    await addToChannel(admin, 'Coffee', 'Coffee Stains');
    await addToChannel(admin, 'Kitchen', 'Kitchen Radio');
    await addToChannel(admin, 'Driftwood', 'Driftwood Hymns');
    expect(await contentOrder(admin)).toEqual(['Coffee Stains', 'Kitchen Radio', 'Driftwood Hymns']);

    // Keyboard only: the last row moves up twice with Alt+ArrowUp and keeps the focus.
    const last = admin.getByTestId('channel-content-item').nth(2);
    await last.focus();
    await admin.keyboard.press('Alt+ArrowUp');
    await admin.getByTestId('channel-content-item').nth(1).filter({ hasText: 'Driftwood Hymns' }).waitFor();
    await admin.keyboard.press('Alt+ArrowUp');
    await admin.getByText('Driftwood Hymns moved to position 1 of 3').waitFor();
    expect(await contentOrder(admin)).toEqual(['Driftwood Hymns', 'Coffee Stains', 'Kitchen Radio']);
    const focused = await admin.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    expect(focused).toContain('Driftwood Hymns');

    await admin.locator('label', { hasText: 'As the home page' }).click();
    await expectNoAxeViolations(admin, 'the channel editor');
    await admin.getByRole('button', { name: 'Create channel' }).click();
    await admin.waitForURL((url) => /\/admin\/channels\/[^/]+\/edit$/.test(url.pathname));

    const guest = await (await newContext()).newPage();
    await guest.goto(`${api.url}/`);
    const carousel = guest.locator('[data-layout="carousel"]');
    await carousel.getByText('Driftwood Hymns').first().waitFor();
    const text = (await carousel.textContent()) ?? '';
    const positions = ['Driftwood Hymns', 'Coffee Stains', 'Kitchen Radio'].map((name) => text.indexOf(name));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    await guest.context().close();
  });

  it("edits a track's name and genre and finds it by both in the player's search", async () => {
    await admin.goto(`${api.url}/admin/tracks`);
    await admin.getByRole('searchbox', { name: 'Search' }).fill('Tape Memory');
    // The search lands in the address (a reload or a shared link shows the same list).
    await admin.waitForURL((url) => url.searchParams.get('query') === 'Tape Memory');
    await admin.getByText('1 result', { exact: true }).waitFor();
    await admin.getByRole('link', { name: 'Edit Tape Memory' }).click();
    const name = admin.getByRole('textbox', { name: /^Name/ });
    await expect(name.inputValue()).resolves.toBe('Tape Memory');
    await expectNoAxeViolations(admin, 'the track editor');
    await name.fill('Tape Memory Redux');
    // The genres picker suggests the catalogue's genres and offers to add a new one.
    await admin.getByRole('combobox', { name: 'Genres' }).fill('Glasswave');
    await admin.getByRole('option', { name: 'Add “Glasswave”' }).click();
    // The list stays open for the next pick, and while it is open react-aria hides the rest of the
    // page from assistive technology: close it, as the album form's story does, to read the picks.
    await admin.keyboard.press('Escape');
    await admin.getByRole('row', { name: 'Glasswave' }).waitFor();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Track saved').waitFor();

    const guest = await (await newContext()).newPage();
    await guest.goto(`${api.url}/search/Redux`);
    await guest.getByRole('link', { name: 'Tape Memory Redux' }).first().waitFor();
    await guest.goto(`${api.url}/search/Glasswave`);
    await guest.getByText('Glasswave', { exact: false }).first().waitFor();
    await guest.context().close();
  });

  it('deletes a comment in the admin and it is gone from the track page', async () => {
    const tracks = await call<{ pagination: { data: { id: number; name: string }[] } }>(
      admin,
      'GET',
      'tracks?perPage=1',
    );
    const track = tracks.pagination.data[0];
    if (!track) throw new Error('the demo catalogue has tracks');
    await call(admin, 'POST', 'comments', {
      commentable_type: 'track',
      commentable_id: track.id,
      content: 'A comment the admin removes',
    });
    const guest = await (await newContext()).newPage();
    await guest.goto(`${api.url}/track/${track.id}/x`);
    await guest.getByText('A comment the admin removes').waitFor();

    await admin.goto(`${api.url}/admin/comments`);
    const row = admin.getByRole('row', { name: /A comment the admin removes/ });
    await row.getByRole('button', { name: 'Delete' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await admin.getByText('Comment deleted').waitFor();

    await guest.reload();
    await guest.getByRole('heading', { level: 1 }).waitFor();
    await guest.waitForLoadState('networkidle');
    expect(await guest.getByText('A comment the admin removes').count()).toBe(0);
    await guest.context().close();
  });

  it('a listener reports a playlist and the admin resolves the report', async () => {
    const playlist = await call<{ playlist: { id: number } }>(admin, 'POST', 'playlists', {
      name: 'Reported mix',
      public: true,
    });
    const listenerContext = await newContext();
    const listener = await listenerContext.newPage();
    await listener.goto(`${api.url}/register`);
    await listener.getByLabel('Email').fill('reporter@e2e.test');
    await listener.locator('input[name="password"]').fill('reporter-password-1');
    await listener.locator('input[name="password_confirmation"]').fill('reporter-password-1');
    await listener.getByRole('button', { name: 'Create account' }).click();
    await listener.waitForURL((url) => !url.pathname.startsWith('/register'));

    await listener.goto(`${api.url}/playlist/${playlist.playlist.id}/reported-mix`);
    await listener.getByTestId('report-button').click();
    const dialog = listener.getByRole('dialog', { name: 'Report "Reported mix"' });
    await dialog.getByLabel('Spam or misleading').check();
    await expectNoAxeViolations(listener, 'the report dialog');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await listener.getByText('Thanks, we will take a look.').waitFor();
    await listenerContext.close();

    await admin.goto(`${api.url}/admin/reports`);
    const row = admin.getByRole('row', { name: /Reported mix/ });
    await row.getByText('Spam or misleading').waitFor();
    await expectNoAxeViolations(admin, 'the reports page');
    await row.getByRole('button', { name: 'Dismiss' }).click();
    await admin.getByText('Dismissed').first().waitFor();
    // Resolved reports stay listed after the open ones, with their outcome.
    await row.getByText('Resolved: dismiss').waitFor();
    await admin.goto(`${api.url}/admin/reports?status=open`);
    await admin.getByText('No results for these filters').waitFor();
  });

  it('every music page opens for the admin without an accessibility violation', async () => {
    for (const path of [
      'tracks',
      'albums',
      'artists',
      'genres',
      'tags',
      'playlists',
      'lyrics',
      'comments',
      'channels',
      'tracks/new',
    ]) {
      await admin.goto(`${api.url}/admin/${path}`);
      await admin.getByRole('heading', { level: 1 }).waitFor();
      await admin.waitForLoadState('networkidle');
      expect(await admin.getByText('There was an issue loading this page').count()).toBe(0);
      await expectNoAxeViolations(admin, `/admin/${path}`);
    }
  });
});
