import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './api-env';
import { type RunningApi, startApi } from './api-server';
import { launchBrowser } from './browser';
import { doubleClickRow } from './journey-steps';

let api: RunningApi;
let browser: Browser;
/** Screenshots are artifacts of the run, never committed. */
const artifactsDir = process.env.E2E_ARTIFACTS_DIR ?? join(tmpdir(), 'cadence-e2e-artifacts');

/** Comments, reposts and one ad slot on (with scripts that must run in the ad's frame only). */
const PLAYER_SETTINGS = {
  'player.track_comments': 'true',
  'player.enable_repost': 'true',
  'ads.general_top':
    '<a href="/landing" data-testid="ad-link">Ad</a><script>window.adRan = 1</script>' +
    '<img src="/missing.png" onerror="window.adRan = 2">',
};
const ADMIN = E2E_ADMIN;

beforeAll(async () => {
  mkdirSync(artifactsDir, { recursive: true });
  [api, browser] = await Promise.all([startApi(PLAYER_SETTINGS), launchBrowser({ autoplay: true })]);
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

async function loggedInPage(width = 1280, height = 900): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(width, height);
  await page.goto(`${api.url}/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return { context, page };
}

const audioTime = (page: Page) =>
  page.evaluate(
    () => (document.querySelector('[data-testid="player-audio"]') as HTMLAudioElement).currentTime,
  );
const audioSrc = (page: Page) =>
  page.evaluate(() =>
    (document.querySelector('[data-testid="player-audio"]') as HTMLAudioElement).getAttribute('src'),
  );
const savedQueue = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('cadence.player');
    const saved = raw ? JSON.parse(raw) : null;
    return saved
      ? {
          ids: saved.queue.items.map((item: { track: { id: number } }) => item.track.id) as number[],
          index: saved.queue.currentIndex as number,
          position: saved.position as number,
        }
      : null;
  });

/** Creates a playlist with the sidebar's "New playlist" and returns its page's path. */
async function createPlaylistFromSidebar(page: Page, name: string): Promise<string> {
  await page.goto(api.url);
  await page.getByTestId('sidebar-new-playlist').click();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByTestId('playlist-page').waitFor();
  return new URL(page.url()).pathname;
}

describe('web player in Chromium', () => {
  it('plays a demo track from home, advances, skips next and keeps the queue after a reload', async () => {
    const { context, page } = await newPage();
    await page.goto(api.url);
    await page.getByTestId('home-page').waitFor();
    const firstRow = page.getByTestId('track-row').first();
    await firstRow.waitFor({ timeout: 20_000 });
    await page.screenshot({ path: join(artifactsDir, 'player-home-desktop.png') });

    await firstRow.hover();
    await firstRow.getByTestId('track-row-play').click();
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(1);
    const firstSrc = await audioSrc(page);
    expect(firstSrc).toMatch(/\/tracks\/\d+\/stream|^https?:/);
    await expect
      .poll(() => page.getByTestId('player-position').textContent(), { timeout: 5_000 })
      .not.toBe('0:00');
    const firstName = await page.getByTestId('player-track-name').textContent();
    expect(await firstRow.getAttribute('data-playing')).toBe('true');

    await page.getByTestId('player-next').click();
    await expect.poll(() => audioSrc(page)).not.toBe(firstSrc);
    await expect.poll(() => page.getByTestId('player-track-name').textContent()).not.toBe(firstName);
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(1.5);
    const secondName = await page.getByTestId('player-track-name').textContent();

    await expect
      .poll(async () => (await savedQueue(page))?.position ?? 0, { timeout: 5_000 })
      .toBeGreaterThan(1);
    const before = await savedQueue(page);
    expect(before?.ids.length).toBeGreaterThan(1);
    expect(before?.index).toBe(1);

    await page.reload();
    await page.getByTestId('player-track-name').waitFor();
    expect(await page.getByTestId('player-track-name').textContent()).toBe(secondName);
    const after = await savedQueue(page);
    expect(after?.ids).toEqual(before?.ids);
    expect(after?.index).toBe(1);
    // Restored paused at the remembered position, then resumes from there.
    expect(await audioTime(page)).toBeGreaterThan(1);
    await page.getByTestId('player-toggle').click();
    await expect
      .poll(() => audioTime(page), { timeout: 10_000 })
      .toBeGreaterThan((before?.position ?? 0) + 0.5);
    await context.close();
  });

  it('reorders the queue from the queue panel and cycles repeat', async () => {
    const { context, page } = await newPage();
    await page.goto(api.url);
    const firstRow = page.getByTestId('track-row').first();
    await firstRow.waitFor({ timeout: 20_000 });
    await doubleClickRow(firstRow);
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.2);
    await page.getByTestId('queue-toggle').click();
    const names = page.getByTestId('queue-list').getByTestId('queue-item-name');
    await expect.poll(() => names.count()).toBeGreaterThan(2);
    const order = await names.allTextContents();
    // Keyboard drag (react-aria): focus the third row's handle, Enter to lift, ArrowUp to move, Enter to drop.
    const rows = page.getByTestId('queue-list').getByRole('row');
    await rows.nth(2).getByRole('button', { name: 'Drag to reorder' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect.poll(() => names.allTextContents()).not.toEqual(order);
    const reordered = await names.allTextContents();
    expect([...reordered].sort()).toEqual([...order].sort());

    const repeat = page.getByTestId('player-repeat');
    const modes = [await repeat.getAttribute('data-repeat')];
    for (let i = 0; i < 3; i++) {
      await repeat.click();
      modes.push(await repeat.getAttribute('data-repeat'));
    }
    expect(new Set(modes)).toEqual(new Set(['off', 'all', 'one']));
    await context.close();
  });

  it('loads react-aria only when the account menu is reached, and the menu works from the keyboard', async () => {
    const { context, page } = await loggedInPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(api.url);
    await page.getByTestId('home-page').waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    expect(scripts.some((path) => path.includes('user-menu-items'))).toBe(false);

    const trigger = page.getByRole('button', { name: 'Account' });
    await trigger.focus();
    await expect.poll(() => scripts.some((path) => path.includes('user-menu-items'))).toBe(true);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('menuitem');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup')))
      .toBe('menu');

    // A link item navigates inside the app: the player (and its audio) stays mounted.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await trigger.click();
    await page.getByRole('menuitem', { name: 'Profile page' }).click();
    await page.waitForURL(/\/user\/\d+\//);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await context.close();
  });

  it('shows the mini player on a phone-sized screen', async () => {
    const { context, page } = await newPage(390, 844);
    await page.goto(api.url);
    const firstRow = page.getByTestId('track-row').first();
    await firstRow.waitFor({ timeout: 20_000 });
    await doubleClickRow(firstRow);
    await page.getByTestId('mobile-player').waitFor();
    await page.screenshot({ path: join(artifactsDir, 'player-home-mobile.png') });
    await page.getByTestId('mobile-player').getByRole('button', { name: 'Open now playing' }).click();
    await page.getByTestId('now-playing').waitFor();
    await page.screenshot({ path: join(artifactsDir, 'player-now-playing-mobile.png') });
    await context.close();
  });

  it('draws an album on a phone without moving the footer, with its cover first and right-sized, in Inter', async () => {
    const { context, page } = await newPage(412, 823);
    await page.addInitScript(() => {
      const shifted: string[] = [];
      (window as unknown as { shifted: string[] }).shifted = shifted;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { sources?: { node?: Node }[] })[]) {
          for (const source of entry.sources ?? [])
            shifted.push((source.node as Element | undefined)?.tagName ?? '?');
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The album's data comes with the HTML and its cover's preload with the head: no album call.
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/v1/albums/')) apiCalls.push(request.url());
    });
    await page.goto(`${api.url}/album/7/neon-atlas/autobahn-nights`);
    await page.getByTestId('track-row').first().waitFor({ timeout: 20_000 });
    expect(apiCalls).toEqual([]);
    expect(await page.locator('link[rel="preload"][as="image"][imagesrcset*="?w=300 300w"]').count()).toBe(1);
    const cover = page.locator('[data-testid="album-page"] header img');
    expect(await cover.getAttribute('fetchpriority')).toBe('high');
    expect(await cover.getAttribute('loading')).toBe('eager');
    expect(await cover.getAttribute('srcset')).toContain('?w=300 300w');
    // The phone's 12rem header at its device pixel ratio needs far less than the 1000 px original.
    const chosen = await cover.evaluate((img: HTMLImageElement) =>
      img.complete && img.currentSrc
        ? img.currentSrc
        : new Promise<string>((resolve) => img.addEventListener('load', () => resolve(img.currentSrc))),
    );
    expect(chosen).toMatch(/\?w=(150|300)$/);
    expect(
      await page.evaluate(() => document.fonts.ready.then(() => document.fonts.check('16px Inter'))),
    ).toBe(true);
    expect(
      await page.evaluate(() =>
        [...document.fonts].some((face) => face.family === 'Inter' && face.status === 'loaded'),
      ),
    ).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { shifted: string[] }).shifted)).not.toContain(
      'FOOTER',
    );
    // The content area fills the scroll container, so the footer starts at or below its fold.
    const [footerTop, fold] = await page.evaluate(() => [
      document.querySelector('[data-testid="site-footer"]')?.getBoundingClientRect().top ?? 0,
      document.getElementById('scroll-container')?.getBoundingClientRect().bottom ?? Number.POSITIVE_INFINITY,
    ]);
    expect(footerTop).toBeGreaterThanOrEqual(fold - 1);
    await context.close();
  });

  it('likes a track and finds it liked in /library/songs; follows an artist and finds it after a reload', async () => {
    const { context, page } = await loggedInPage();
    await page.goto(`${api.url}/album/7/neon-atlas/autobahn-nights`);
    const row = page.getByTestId('track-row').nth(1);
    await row.waitFor({ timeout: 20_000 });
    const name = (await row.getByRole('link').first().textContent()) ?? '';
    await row.hover();
    await row.getByRole('button', { name: 'Add to your library' }).click();
    await expect
      .poll(() => row.getByRole('button', { name: 'Remove from your library' }).count(), { timeout: 5_000 })
      .toBe(1);
    // The heart turns at once; the toast says the api kept it (leaving before that would cancel the request).
    await page.getByText('Added to your library').waitFor({ timeout: 20_000 });

    await page.goto(`${api.url}/library/songs`);
    const liked = page.getByTestId('track-row');
    await liked.first().waitFor();
    expect(await liked.allTextContents()).toEqual([expect.stringContaining(name)]);
    // The heart comes from the liked-ids lookup, not from being on this page.
    await expect
      .poll(() => liked.first().getByRole('button', { name: 'Remove from your library' }).count(), {
        timeout: 5_000,
      })
      .toBe(1);
    await page.screenshot({ path: join(artifactsDir, 'player-library-songs.png') });

    await page.goto(`${api.url}/artist/6/neon-atlas`);
    const follow = page.getByTestId('follow-button');
    await follow.waitFor();
    expect(await follow.getAttribute('aria-pressed')).toBe('false');
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed'), { timeout: 5_000 }).toBe('true');
    await expect.poll(() => page.getByText('1 follower').count(), { timeout: 5_000 }).toBeGreaterThan(0);
    await page.getByText('Followed', { exact: true }).waitFor({ timeout: 20_000 });
    await page.reload();
    await expect
      .poll(() => page.getByTestId('follow-button').getAttribute('aria-pressed'), { timeout: 5_000 })
      .toBe('true');
    await page.screenshot({ path: join(artifactsDir, 'player-artist-desktop.png'), fullPage: true });
    await context.close();
  });

  it('creates a playlist from the sidebar, adds tracks, reorders them by keyboard drag and keeps the order', async () => {
    const { context, page } = await loggedInPage();
    const playlistPath = await createPlaylistFromSidebar(page, 'E2E road trip');
    expect(await page.getByTestId('sidebar-playlists').textContent()).toContain('E2E road trip');

    await page.goto(`${api.url}/album/7/neon-atlas/autobahn-nights`);
    for (const index of [0, 1, 2]) {
      const row = page.getByTestId('track-row').nth(index);
      await row.click({ button: 'right' });
      await page.getByRole('menuitem', { name: 'Add to playlist' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'E2E road trip' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }

    await page.goto(`${api.url}${playlistPath}`);
    await page.getByTestId('track-row').nth(2).waitFor();
    await page.getByTestId('playlist-edit-tracks').click();
    const names = page.getByTestId('playlist-editor-name');
    // The drag-and-drop editor loads when asked for: the plain rows stand in until it is there.
    await names.nth(2).waitFor();
    const before = await names.allTextContents();
    expect(before).toHaveLength(3);
    await page.getByTestId('playlist-editor').getByRole('row').nth(2).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    // Keyboard drag walks the drop indicators ("Insert between A and B"); go to the very top.
    const dropLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    for (let i = 0; i < 6 && !(await dropLabel()).startsWith('Insert before'); i++)
      await page.keyboard.press('ArrowUp');
    expect(await dropLabel()).toBe(`Insert before ${before[0]}`);
    await page.keyboard.press('Enter');
    const expected = [before[2], before[0], before[1]];
    await expect.poll(() => names.allTextContents(), { timeout: 5_000 }).toEqual(expected);
    await page.screenshot({ path: join(artifactsDir, 'player-playlist-edit.png') });

    await page.reload();
    await page.getByTestId('track-row').nth(2).waitFor();
    const rows = await page.getByTestId('track-row').allTextContents();
    expect(rows.map((text, i) => text.includes(expected[i] ?? '-'))).toEqual([true, true, true]);
    await context.close();
  });

  // Retried: on a loaded machine about one run in three landed only one row (the selection read
  // 2 at the drop), most likely a late layout shift putting the press on an unselected row; the
  // press point is now checked, and the retry stays until the cause is proven.
  it('drags a selection of track rows onto a sidebar playlist', { retry: 2 }, async () => {
    const { context, page } = await loggedInPage();
    const playlistName = `E2E dropped ${Date.now().toString(36)}`;
    const playlistPath = await createPlaylistFromSidebar(page, playlistName);

    await page.goto(`${api.url}/album/7/neon-atlas/autobahn-nights`, { waitUntil: 'networkidle' });
    const rows = page.getByTestId('track-row');
    await rows.nth(3).waitFor();
    const wanted = [
      await rows.nth(1).getByRole('link').first().textContent(),
      await rows.nth(3).getByRole('link').first().textContent(),
    ];
    // On the rows' own padding, away from their links and buttons (a click there would not select).
    const corner = { x: 4, y: 4 };
    await rows.nth(1).click({ position: corner });
    await rows.nth(3).click({ position: corner, modifiers: ['Control'] });
    await expect
      .poll(() => page.getByTestId('track-selection-status').textContent())
      .toBe('2 selected tracks');
    const target = page.getByTestId('sidebar-playlists').getByRole('link', { name: playlistName });
    // The drag by hand, in small steps, pressed where the row is now: hover() waits for the row to
    // be stable, and the press point is checked to be on that row, so a late layout shift cannot
    // put the press on a neighbouring, unselected row (which would drag that row alone).
    await rows.nth(3).hover({ position: corner });
    const from = await rows.nth(3).boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('row or sidebar playlist not on screen');
    const pressedIndex = await page.evaluate(
      ([x, y]) =>
        document
          .elementFromPoint(x ?? 0, y ?? 0)
          ?.closest('[data-row-index]')
          ?.getAttribute('data-row-index'),
      [from.x + corner.x, from.y + corner.y],
    );
    expect(pressedIndex).toBe(await rows.nth(3).getAttribute('data-row-index'));
    await page.mouse.move(from.x + corner.x, from.y + corner.y);
    await page.mouse.down();
    await page.mouse.move(from.x + corner.x + 12, from.y + corner.y + 6, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await expect.poll(() => target.getAttribute('data-drop-target')).toBe('true');
    await page.mouse.up();
    await expect
      .poll(() => page.getByTestId('track-selection-status').textContent())
      .toBe('2 selected tracks');
    await page.getByText(`Added to "${playlistName}"`).waitFor();

    await page.goto(`${api.url}${playlistPath}`);
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    const names = await page
      .getByTestId('track-row')
      .evaluateAll((elements) => elements.map((element) => element.querySelector('a')?.textContent ?? ''));
    expect(names).toEqual(wanted);
    await context.close();
  });

  it('comments at the playing moment and pins the comment on the track waveform', async () => {
    const { context, page } = await loggedInPage();
    await page.goto(`${api.url}/track/24/tunnel-vision`);
    await page.getByTestId('track-page').waitFor();
    await page.getByTestId('play-all').click();
    // The player's position follows the audio's timeupdate (about 4 per second): past 3 s of audio
    // it is surely past 2 s, the moment the comment must be pinned after.
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(3);
    await page.getByTestId('comment-form').getByRole('textbox').fill('That drop at the start!');
    await page.getByTestId('comment-form').getByRole('button', { name: 'Post' }).click();
    const comment = page.getByTestId('comment').first();
    await comment.waitFor();
    expect(await comment.textContent()).toMatch(/at 0:0[2-9].*That drop at the start!/);
    await expect.poll(() => page.getByTestId('waveform-comment').count(), { timeout: 5_000 }).toBe(1);
    await page.screenshot({ path: join(artifactsDir, 'player-track-comments.png'), fullPage: true });
    await context.close();
  });

  it('shows the landing page sections and an ad slot whose scripts stay in its frame', async () => {
    const { context, page } = await newPage();
    await page.goto(`${api.url}/landing`);
    await page.getByTestId('landing-page').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Connect on');
    await page.getByRole('heading', { name: 'Trending artists' }).waitFor();
    await page.screenshot({ path: join(artifactsDir, 'player-landing.png'), fullPage: true });

    await page.goto(api.url);
    const ad = page.getByTestId('ad-general_top');
    await ad.locator('iframe').waitFor();
    expect(await ad.innerHTML()).not.toMatch(/<script|onerror/);
    await page.frameLocator('[data-testid="ad-frame-general_top"]').getByTestId('ad-link').waitFor();
    const adFrame = page.frames().find((frame) => frame.url().includes('/api/v1/ads/general_top/frame'));
    // The ad's code ran, handlers included, in its sandboxed frame and never in the page.
    await expect
      .poll(() => adFrame?.evaluate(() => (window as { adRan?: number }).adRan), { timeout: 10_000 })
      .toBe(2);
    expect(await page.evaluate(() => (window as { adRan?: number }).adRan)).toBeUndefined();
    await context.close();
  });
});
