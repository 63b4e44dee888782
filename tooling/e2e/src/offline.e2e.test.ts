import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from './api-server';
import { launchBrowser } from './browser';
import { ADMIN, expectSettledAndClean, newPage } from './journey-steps';

/**
 * Issue 37 part 4 in the browser: an album downloaded from its page by keyboard, the network cut
 * (Chromium's offline mode), the page reloaded, the album opened from the Downloaded list and
 * played with a seek answered by the service worker, and the play sent once the network returns.
 */
let api: RunningApi;
let browser: Browser;
const ALBUM = '/album/7/neon-atlas/autobahn-nights';

beforeAll(async () => {
  [api, browser] = await Promise.all([
    startApi(),
    launchBrowser({ autoplay: true, serviceWorkers: 'allow' }),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

const audio = (page: Page) => page.locator('[data-testid="player-audio"]');
const audioTime = (page: Page) =>
  audio(page).evaluate((element) => (element as HTMLAudioElement).currentTime);
const queuedPlays = (page: Page) =>
  page.evaluate(async () => {
    const stored = await (await caches.open('cadence-offline-v1')).match('/__offline/plays');
    return stored ? ((await stored.json()) as { track_id: number }[]).length : 0;
  });

/** Tabs from where the focus is until `testId` has it: it is reachable by keyboard. */
async function tabTo(page: Page, testId: string): Promise<void> {
  for (let step = 0; step < 30; step += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId))
      return;
  }
  throw new Error(`${testId} is not reachable with Tab`);
}

describe('offline listening (issue 37)', () => {
  it('downloads an album, plays it offline after a reload with a seek, and sends the play once online', async () => {
    const page = await newPage(browser, api);
    // A guest (no music.download) sees no Download; the worker installs meanwhile, with a guest's /offline.
    await page.goto(`${api.url}${ALBUM}`);
    await page.getByTestId('play-all').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('offline-download').count()).toBe(0);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 })
      .toBe(true);

    const login = await page.context().request.post(`${api.url}/auth/login`, { data: ADMIN });
    expect(login.status()).toBe(200);
    await page.reload();
    // Disabled (out of the Tab order) until its toggle and the downloads it reads have loaded.
    await expect.poll(() => page.getByTestId('offline-download').isEnabled(), { timeout: 20_000 }).toBe(true);
    await page.getByTestId('play-all').focus();
    await tabTo(page, 'offline-download');
    await page.keyboard.press('Enter');
    const download = page.getByTestId('offline-download');
    await expect.poll(() => download.textContent(), { timeout: 20_000 }).toBe('Remove download');
    await expectSettledAndClean(page);

    await page.goto(`${api.url}/library/downloaded`);
    const list = page.getByTestId('downloaded-list');
    await list.getByRole('link', { name: 'Autobahn Nights' }).waitFor();
    expect(await list.textContent()).toMatch(/4 tracks · [\d.]+ [KMG]?B/);
    expect(await page.getByTestId('offline-storage').textContent()).toMatch(
      /^Downloads use [\d.]+ [KMG]?B · this site uses/,
    );

    // No network: the reload gets the worker's /offline page (refreshed for the signed-in
    // listener by the download), which lists what they saved.
    await page.context().setOffline(true);
    await page.goto(`${api.url}${ALBUM}`).catch(() => undefined);
    await page.getByText('You are offline.').waitFor({ timeout: 15_000 });
    const offlineList = page.getByTestId('downloaded-list');
    await offlineList.getByRole('link', { name: 'Autobahn Nights' }).waitFor();
    await expectSettledAndClean(page);
    await offlineList.getByRole('link', { name: 'Autobahn Nights' }).click();
    await page.getByTestId('album-page').waitFor();
    await page.getByTestId('track-row').first().waitFor({ timeout: 10_000 });

    await page.getByTestId('play-all').click();
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.3);
    // A seek past what was played: the worker answers the range from the stored file.
    await audio(page).evaluate((element) => {
      (element as HTMLAudioElement).currentTime = 12;
    });
    await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(12.2);
    // The same answer asked directly: 206 with Content-Range, from the stored file.
    const partial = await page.evaluate(async () => {
      const item = await (await caches.open('cadence-offline-v1')).match('/__offline/items/album/7');
      const stored = (await item?.json()) as { track_ids: number[] } | undefined;
      const response = await fetch(`/api/v1/tracks/${stored?.track_ids[0]}/stream`, {
        headers: { range: 'bytes=100-199' },
      });
      return {
        status: response.status,
        range: response.headers.get('content-range'),
        size: (await response.arrayBuffer()).byteLength,
      };
    });
    expect(partial).toMatchObject({
      status: 206,
      size: 100,
      range: expect.stringMatching(/^bytes 100-199\/\d+$/),
    });

    // Half the track heard (played faster, not seeked) counts a play, which waits for the network.
    await audio(page).evaluate((element) => {
      (element as HTMLAudioElement).currentTime = 0;
      (element as HTMLAudioElement).playbackRate = 4;
    });
    await expect.poll(() => queuedPlays(page), { timeout: 15_000 }).toBe(1);

    const sent = page.waitForResponse(
      (response) => response.url().includes('/plays') && response.request().method() === 'POST',
    );
    const backOnline = Date.now();
    await page.context().setOffline(false);
    const answer = await sent;
    expect(answer.status()).toBe(200);
    expect((await answer.json()).recorded).toBe(true);
    // The play carries the time it was heard, offline, not the time the network came back.
    const reportedAt = Date.parse(answer.request().postDataJSON().played_at);
    expect(reportedAt).toBeLessThanOrEqual(backOnline);
    await expect.poll(() => queuedPlays(page), { timeout: 5_000 }).toBe(0);

    await page.goto(`${api.url}/library/downloaded`);
    await page.getByRole('button', { name: 'Remove Autobahn Nights from downloads' }).click();
    await page.getByText('Albums and playlists you download will appear here').waitFor();
    await page.context().close();
  });
});
