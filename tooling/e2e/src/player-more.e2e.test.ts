import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './api-env';
import { type RunningApi, startApi } from './api-server';
import { launchBrowser } from './browser';
import { doubleClickRow } from './journey-steps';

let api: RunningApi;
let browser: Browser;
/** Screenshots are artifacts of the run, never committed. */
const artifactsDir = process.env.E2E_ARTIFACTS_DIR ?? join(tmpdir(), 'cadence-e2e-artifacts');
const ADMIN = E2E_ADMIN;

beforeAll(async () => {
  mkdirSync(artifactsDir, { recursive: true });
  [api, browser] = await Promise.all([startApi(), launchBrowser({ autoplay: true })]);
});

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

async function newPage(width = 1280, height = 800): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addCookies([{ name: 'cookie_notice', value: 'true', url: api.url }]);
  return { context, page: await context.newPage() };
}

async function logIn(page: Page): Promise<void> {
  await page.goto(`${api.url}/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

const audioTime = (target: Page | Frame) =>
  target.evaluate(
    () =>
      (document.querySelector('[data-testid="player-audio"]') as HTMLAudioElement | null)?.currentTime ?? 0,
  );
const trackName = (page: Page) => page.getByTestId('player-track-name').textContent();
async function playFirstHomeTrack(page: Page): Promise<void> {
  await page.goto(api.url);
  const firstRow = page.getByTestId('track-row').first();
  await firstRow.waitFor({ timeout: 20_000 });
  await doubleClickRow(firstRow);
  await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.2);
}

describe('web player in Chromium, more of "Done means"', () => {
  it('previous restarts after 3 s and goes back near the start; shuffle reorders only what is upcoming', async () => {
    const { context, page } = await newPage();
    await playFirstHomeTrack(page);
    const controls = page.getByTestId('player-bar');
    const firstName = await trackName(page);

    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(3.5);
    await controls.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => audioTime(page), { timeout: 5_000 }).toBeLessThan(2);
    expect(await trackName(page)).toBe(firstName);

    await page.getByTestId('player-next').click();
    await expect.poll(() => trackName(page)).not.toBe(firstName);
    await controls.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => trackName(page)).toBe(firstName);

    await page.getByTestId('queue-toggle').click();
    const names = page.getByTestId('queue-list').getByTestId('queue-item-name');
    await expect.poll(() => names.count()).toBeGreaterThan(4);
    const order = await names.allTextContents();
    const shuffle = controls.getByRole('button', { name: 'Shuffle' });
    // A shuffle may by chance keep the order; a few tries make a false failure vanishingly rare.
    for (let attempt = 0; attempt < 3; attempt++) {
      await shuffle.click();
      await expect.poll(() => shuffle.getAttribute('aria-pressed')).toBe('true');
      if ((await names.allTextContents()).join('|') !== order.join('|')) break;
      await shuffle.click();
      await expect.poll(() => shuffle.getAttribute('aria-pressed')).toBe('false');
    }
    const shuffled = await names.allTextContents();
    expect(shuffled).not.toEqual(order);
    expect([...shuffled].sort()).toEqual([...order].sort());
    expect(await trackName(page)).toBe(firstName);

    await shuffle.click();
    await expect.poll(() => shuffle.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => names.allTextContents()).toEqual(order);
    expect(await trackName(page)).toBe(firstName);
    await context.close();
  });

  it('searches with the top-bar typeahead and opens a suggestion', async () => {
    const { context, page } = await newPage();
    await page.goto(api.url);
    await page.getByTestId('home-page').waitFor();
    const search = page.locator('#site-search');
    // One go, as a fast typist would: the keys land in the plain field while the combobox loads,
    // and the suggestions open when they arrive, with no further key.
    await search.click();
    await search.pressSequentially('Neon At', { delay: 20 });
    const suggestions = page.getByTestId('search-suggestions').getByRole('option');
    const artist = suggestions.filter({ hasText: 'Artist' }).filter({ hasText: 'Neon Atlas' }).first();
    await artist.waitFor({ timeout: 10_000 });
    expect(await search.inputValue()).toBe('Neon At');
    expect(await search.getAttribute('aria-expanded')).toBe('true');
    await artist.click();
    await page.waitForURL((url) => url.pathname.startsWith('/artist/'));
    await page.getByTestId('artist-page').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toContain('Neon Atlas');
    await context.close();
  });

  it('plays an embed inside an iframe on a page of another origin', async () => {
    const host: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><title>Blog</title><h1>My blog</h1>` +
          `<iframe src="${api.url}/track/24/tunnel-vision/embed" width="500" height="200" allow="autoplay"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
    const { context, page } = await newPage();
    try {
      await page.goto(hostUrl);
      expect(new URL(hostUrl).origin).not.toBe(new URL(api.url).origin);
      const frameLocator = page.frameLocator('iframe');
      await frameLocator.getByTestId('embed-player').waitFor({ timeout: 20_000 });
      expect(await frameLocator.getByRole('link').first().textContent()).toContain('Tunnel Vision');
      await frameLocator.getByTestId('player-toggle').click();
      const frame = page.frames().find((candidate) => candidate.url().includes('/embed'));
      expect(frame).toBeDefined();
      await expect.poll(() => audioTime(frame as Frame), { timeout: 15_000 }).toBeGreaterThan(1);
      await page.screenshot({ path: join(artifactsDir, 'player-embed-other-origin.png') });
    } finally {
      await context.close();
      await new Promise((resolve) => host.close(resolve));
    }
  });

  it('follows a radio and sees the queue refill as it plays', async () => {
    const { context, page } = await newPage();
    const savedQueue = () =>
      page.evaluate(() => {
        const saved = JSON.parse(localStorage.getItem('cadence.player') ?? 'null');
        return saved
          ? { length: saved.queue.items.length as number, index: saved.queue.currentIndex as number }
          : null;
      });
    await page.goto(`${api.url}/radio/artist/1/radio`);
    await page.getByTestId('start-radio').click();
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.2);
    await expect.poll(savedQueue, { timeout: 10_000 }).not.toBeNull();
    const initialLength = (await savedQueue())?.length ?? 0;
    expect(initialLength).toBeGreaterThan(1);

    const next = page.getByTestId('player-bar').getByRole('button', { name: 'Next' });
    for (let skips = 0; skips < initialLength; skips += 1) {
      const queue = await savedQueue();
      if (queue && queue.length > initialLength) break;
      await next.click();
      await expect.poll(async () => (await savedQueue())?.index).toBe((queue?.index ?? 0) + 1);
    }
    await expect
      .poll(async () => (await savedQueue())?.length, { timeout: 15_000 })
      .toBeGreaterThan(initialLength);
    await context.close();
  });

  it('saves screenshots of the main pages at desktop and mobile widths', async () => {
    for (const [label, width, height] of [
      ['desktop', 1280, 800],
      ['mobile', 390, 844],
    ] as const) {
      const { context, page } = await newPage(width, height);
      await page.goto(api.url);
      await page.getByTestId('track-row').first().waitFor({ timeout: 20_000 });
      await page.screenshot({ path: join(artifactsDir, `more-home-${label}.png`) });

      await page.goto(`${api.url}/album/7/neon-atlas/autobahn-nights`);
      await page.getByTestId('track-row').first().waitFor({ timeout: 20_000 });
      await page.screenshot({ path: join(artifactsDir, `more-album-${label}.png`) });

      await page.goto(`${api.url}/search/neon`);
      await page.getByTestId('search-page').waitFor();
      await page.getByTestId('media-card').first().waitFor({ timeout: 10_000 });
      await page.screenshot({ path: join(artifactsDir, `more-search-${label}.png`) });

      await logIn(page);
      await page.goto(`${api.url}/library`);
      await page.getByTestId('library-page').waitFor({ timeout: 10_000 });
      await page.screenshot({ path: join(artifactsDir, `more-library-${label}.png`) });

      await playFirstHomeTrack(page);
      const opener = label === 'desktop' ? page.getByTestId('player-bar') : page.getByTestId('mobile-player');
      await opener.getByRole('button', { name: 'Open now playing' }).click();
      await page.getByTestId('now-playing').waitFor();
      await page.screenshot({ path: join(artifactsDir, `more-now-playing-${label}.png`) });
      await context.close();
    }
  });
});
