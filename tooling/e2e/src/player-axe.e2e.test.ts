import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from './api-server';
import { axeViolations } from './axe';
import { launchBrowser } from './browser';
import { settle } from './journey-steps';

/**
 * axe-core (WCAG 2.2 A and AA) over the player's pages, signed out and signed in: every page
 * must come out with no violation. The failures of all pages are reported together.
 */
let api: RunningApi;
let browser: Browser;
let paths: { album: string; artist: string; track: string; playlist: string; user: string };

/** At rest: the network idle (the route's lazy chunk), no hover, entrance animations done, no toast. */
async function settleForAxe(page: Page) {
  await page.mouse.move(1, 1);
  // Waits for the animations themselves (it once slept a fixed 400 ms per page, 40 pages).
  await settle(page);
  await page
    .locator('[role="status"][data-type]')
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
}

async function audit(page: Page, pages: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const path of pages) {
    await page.goto(`${api.url}${path}`);
    await settleForAxe(page);
    const violations = await axeViolations(page);
    for (const violation of violations) {
      failures.push(
        `${path}: ${violation.id} (${violation.impact}) ${violation.help}\n    ${violation.targets.join('\n    ')}`,
      );
    }
  }
  return failures;
}

async function login(page: Page) {
  await page.goto(`${api.url}/login`);
  await page.getByLabel('Email').fill('admin@e2e.test');
  await page.getByLabel('Password').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

beforeAll(async () => {
  api = await startApi();
  browser = await launchBrowser();
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page);
  // A public playlist with a few demo tracks, and the first album, artist and track of the catalogue.
  paths = await page.evaluate(async () => {
    const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`/api/v1/${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': xsrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
      return response.json();
    };
    const albums = await call('GET', 'albums?perPage=1');
    const artists = await call('GET', 'artists?perPage=1');
    const tracks = await call('GET', 'tracks?perPage=5');
    const album = albums.pagination.data[0];
    const artist = artists.pagination.data[0];
    const trackList = tracks.pagination.data as { id: number }[];
    const { playlist } = await call('POST', 'playlists', { name: 'Axe list', public: true });
    await call('POST', `playlists/${playlist.id}/tracks`, { track_ids: trackList.map((t) => t.id) });
    const boot = await call('GET', 'bootstrap-data');
    const me = boot.bootstrapData ?? boot;
    return {
      album: `/album/${album.id}/a/${encodeURIComponent(album.name)}`,
      artist: `/artist/${artist.id}/a`,
      track: `/track/${trackList[0]?.id}/t`,
      playlist: `/playlist/${playlist.id}/axe-list`,
      user: `/user/${me.user?.id ?? 1}/admin`,
    };
  });
  await context.close();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

// The three audits share the api and the browser, each in its own context: most of a page's time is
// waiting for the network to go idle, so they overlap.
describe.concurrent("the player's pages under axe-core", () => {
  it('has no violation on the pages a guest sees', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const failures = await audit(page, [
      '/',
      '/landing',
      '/login',
      '/register',
      '/forgot-password',
      '/search',
      '/search/a',
      paths.album,
      paths.artist,
      paths.track,
      paths.playlist,
      paths.user,
      '/lyrics',
      '/contact',
      '/pages/about-us',
      '/popular-albums',
    ]);
    await context.close();
    expect(failures.join('\n')).toBe('');
  }, 300_000);

  it('has no violation on the pages a signed-in listener sees', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await login(page);
    const failures = await audit(page, [
      '/',
      '/search/a',
      paths.album,
      paths.artist,
      paths.track,
      paths.playlist,
      '/library',
      '/library/songs',
      '/library/albums',
      '/library/artists',
      '/library/playlists',
      '/library/history',
      '/notifications',
      '/account-settings',
      '/lyrics',
    ]);
    await context.close();
    expect(failures.join('\n')).toBe('');
  }, 300_000);

  it('has no violation at phone width (390 px), signed in', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await login(page);
    const failures = await audit(page, [
      '/',
      '/search/a',
      paths.album,
      paths.artist,
      paths.playlist,
      '/library/songs',
      '/account-settings',
      '/contact',
      '/pages/about-us',
    ]);
    await context.close();
    expect(failures.join('\n')).toBe('');
  }, 300_000);
});
