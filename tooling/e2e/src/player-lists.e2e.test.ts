import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './api-env';
import { type RunningApi, startApi } from './api-server';
import { launchBrowser } from './browser';

let api: RunningApi;
let browser: Browser;
const ADMIN = E2E_ADMIN;
/** Above the table's virtualisation threshold (100), so only a window of rows is in the DOM. */
const LONG_LIST = 160;

beforeAll(async () => {
  [api, browser] = await Promise.all([startApi(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

async function loggedInPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'cookie_notice', value: 'true', url: api.url }]);
  const page = await context.newPage();
  await page.goto(`${api.url}/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

/**
 * A playlist of `count` new tracks, made through the api with the page's session (the demo
 * catalogue has 28 tracks, too few for a long list). Returns its path.
 */
function createLongPlaylist(page: Page, count: number): Promise<string> {
  return page.evaluate(async (total) => {
    const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`/api/v1/${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': xsrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const artists = await call('GET', 'artists?perPage=1');
    const artistId = artists.pagination.data[0].id;
    const ids: number[] = [];
    for (let start = 1; start <= total; start += 20) {
      const batch = Array.from({ length: Math.min(20, total - start + 1) }, (_, offset) =>
        call('POST', 'tracks', {
          name: `Long list ${String(start + offset).padStart(3, '0')}`,
          artist_ids: [artistId],
          duration: 90_000,
          tags: ['longlist'],
        }),
      );
      for (const created of await Promise.all(batch)) ids.push(created.track.id);
    }
    const { playlist } = await call('POST', 'playlists', { name: 'Long e2e list', public: true });
    await call('POST', `playlists/${playlist.id}/tracks`, { track_ids: ids });
    return `/playlist/${playlist.id}/long-e2e-list`;
  }, count);
}

const rowCount = (page: Page) => page.getByTestId('track-row').count();
const selectedNames = (page: Page) =>
  page.$$eval('[data-testid="track-row"][aria-selected="true"]', (rows) =>
    rows.map((row) => row.querySelector('a')?.textContent ?? ''),
  );
const scrollTop = (page: Page) =>
  page.evaluate(() => document.getElementById('scroll-container')?.scrollTop ?? -1);
const row = (page: Page, name: string) => page.getByTestId('track-row').filter({ hasText: name });
/** A click on the row's own padding, not on its links or buttons. */
const clickRow = (page: Page, name: string, modifiers: ('Shift' | 'ControlOrMeta')[] = []) =>
  row(page, name).click({ position: { x: 4, y: 20 }, modifiers });

describe('long track lists in Chromium', () => {
  let playlistPath: string;

  it('renders a bounded window of a long playlist, multi-selects and acts on the selection', async () => {
    const page = await loggedInPage();
    playlistPath = await createLongPlaylist(page, LONG_LIST);
    await page.goto(`${api.url}${playlistPath}`);
    const grid = page.getByRole('grid', { name: 'Long e2e list' });
    await row(page, 'Long list 001').waitFor({ timeout: 20_000 });
    expect(await grid.getAttribute('aria-rowcount')).toBe(String(LONG_LIST + 1));
    await expect.poll(() => rowCount(page), { timeout: 10_000 }).toBeLessThan(60);

    // Scrolling the page's scroll box brings the end of the list in, still as a window of rows.
    await page.evaluate(() => {
      const box = document.getElementById('scroll-container') as HTMLElement;
      box.scrollTop = box.scrollHeight;
    });
    await row(page, `Long list ${LONG_LIST}`).waitFor();
    expect(await row(page, `Long list ${LONG_LIST}`).getAttribute('aria-rowindex')).toBe(
      String(LONG_LIST + 1),
    );
    expect(await rowCount(page)).toBeLessThan(60);
    await page.evaluate(() => document.getElementById('scroll-container')?.scrollTo(0, 0));
    await row(page, 'Long list 002').waitFor();

    // Click, Shift+click, Ctrl/Cmd+click.
    await clickRow(page, 'Long list 002');
    await clickRow(page, 'Long list 004', ['Shift']);
    await clickRow(page, 'Long list 007', ['ControlOrMeta']);
    expect(await selectedNames(page)).toEqual([
      'Long list 002',
      'Long list 003',
      'Long list 004',
      'Long list 007',
    ]);

    // The context menu of a selected row acts on the whole selection.
    await row(page, 'Long list 003').click({ button: 'right', position: { x: 4, y: 20 } });
    const menu = page.getByRole('menu', { name: '4 selected tracks' });
    await menu.waitFor();
    await menu.getByRole('menuitem', { name: 'Add to queue' }).click();
    await expect
      .poll(() =>
        page.evaluate(() =>
          JSON.parse(localStorage.getItem('cadence.player') ?? '{"queue":{"items":[]}}').queue.items.map(
            (item: { track: { name: string } }) => item.track.name,
          ),
        ),
      )
      .toEqual(['Long list 002', 'Long list 003', 'Long list 004', 'Long list 007']);

    // Escape clears; keyboard: arrows move, Shift+arrows extend, Ctrl/Cmd+A selects every row.
    await row(page, 'Long list 002').focus();
    await page.keyboard.press('Escape');
    expect(await selectedNames(page)).toEqual([]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    expect(await selectedNames(page)).toEqual(['Long list 003', 'Long list 004']);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Long list 004');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menu', { name: `${LONG_LIST} selected tracks` }).waitFor();
    // The first Escape closes the menu, which gives the focus back inside the table (next frame);
    // the second, there, clears the selection.
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[role="grid"]') != null))
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => selectedNames(page)).toEqual([]);

    // Remove a selection from the playlist: the api keeps it after a reload.
    await clickRow(page, 'Long list 010');
    await clickRow(page, 'Long list 011', ['Shift']);
    await row(page, 'Long list 010').getByRole('button', { name: 'More options' }).click();
    await page
      .getByRole('menu', { name: '2 selected tracks' })
      .getByRole('menuitem', { name: 'Remove from this playlist' })
      .click();
    await expect.poll(() => grid.getAttribute('aria-rowcount')).toBe(String(LONG_LIST - 1));
    await page.reload();
    await row(page, 'Long list 009').waitFor({ timeout: 20_000 });
    expect(await grid.getAttribute('aria-rowcount')).toBe(String(LONG_LIST - 1));
    expect(await row(page, 'Long list 010').count()).toBe(0);
    await page.context().close();
  }, 180_000);

  it('back returns to the scroll position of a long list, a new page starts at the top', async () => {
    const page = await loggedInPage();
    await page.goto(`${api.url}${playlistPath}`);
    await row(page, 'Long list 001').waitFor({ timeout: 20_000 });
    await page.evaluate(() => document.getElementById('scroll-container')?.scrollTo(0, 4000));
    const target = row(page, 'Long list 080');
    await target.waitFor();
    await expect.poll(() => scrollTop(page)).toBe(4000);

    await target.getByRole('link', { name: 'Long list 080' }).click();
    await page.getByTestId('track-page').waitFor();
    await expect.poll(() => scrollTop(page)).toBe(0);

    await page.goBack();
    await page.waitForURL((url) => url.pathname === playlistPath);
    await expect.poll(() => scrollTop(page), { timeout: 10_000 }).toBe(4000);
    expect(await target.isVisible()).toBe(true);

    await page.goForward();
    await page.waitForURL(/\/track\//);
    await page.goBack();
    await expect.poll(() => scrollTop(page), { timeout: 10_000 }).toBe(4000);
    await page.context().close();
  }, 120_000);

  it('loads the next pages of a paginated list as its virtualised end scrolls into view', async () => {
    const page = await loggedInPage();
    await page.goto(`${api.url}/tag/longlist/tracks`);
    const grid = page.getByRole('grid', { name: 'longlist' });
    await page.getByTestId('track-row').first().waitFor({ timeout: 20_000 });
    // The whole list's size is announced from the first page (50 rows loaded).
    expect(await grid.getAttribute('aria-rowcount')).toBe(String(LONG_LIST + 1));
    const bodyHeight = () =>
      page.evaluate(
        () => document.querySelector<HTMLElement>('[data-testid="track-table-body"]')?.offsetHeight,
      );
    const firstPageHeight = await bodyHeight();
    // Rows have one fixed height (the virtualiser's offsets depend on it): the full list is that many.
    const rowHeight = await page
      .getByTestId('track-row')
      .first()
      .evaluate((row) => (row as HTMLElement).offsetHeight);
    const loadMore = page.getByTestId('load-more');
    for (let attempt = 0; attempt < 30 && (await loadMore.count()) > 0; attempt += 1) {
      await page.evaluate(() => {
        const box = document.getElementById('scroll-container') as HTMLElement;
        box.scrollTop = box.scrollHeight;
      });
      await page.waitForTimeout(500);
    }
    expect(await loadMore.count()).toBe(0);
    expect(await bodyHeight()).toBe(LONG_LIST * rowHeight);
    expect(firstPageHeight).toBeLessThan(LONG_LIST * rowHeight);
    await expect.poll(() => page.locator(`[aria-rowindex="${LONG_LIST + 1}"]`).count()).toBe(1);
    expect(await rowCount(page)).toBeLessThan(60);
    await page.context().close();
  }, 120_000);
});
