import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from './api-server';
import { launchBrowser } from './browser';

let api: RunningApi;
let browser: Browser;

beforeAll(async () => {
  [api, browser] = await Promise.all([startApi({ 'cookie_notice.enable': 'true' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

async function newContext(cookies: { name: string; value: string }[] = []): Promise<BrowserContext> {
  const context = await browser.newContext();
  if (cookies.length > 0) await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: api.url })));
  return context;
}

describe('player shell in Chromium', () => {
  it('serves the player with bootstrap data inlined', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(api.url);
    const bootstrap = await page.evaluate(
      () => (window as unknown as { bootstrapData: unknown }).bootstrapData,
    );
    expect(bootstrap).toMatchObject({ settings: { branding: { site_name: expect.any(String) } } });
    await page.getByTestId('home-page').waitFor();
    await context.close();
  });

  it('applies the theme chosen in the be-active-theme cookie on first load', async () => {
    for (const [choice, isDark] of [
      ['light', false],
      ['dark', true],
    ] as const) {
      const context = await newContext([{ name: 'be-active-theme', value: choice }]);
      const page = await context.newPage();
      await page.goto(api.url);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dataset.themeId), { timeout: 15_000 })
        .toBeTruthy();
      const htmlIsDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
      expect(htmlIsDark).toBe(isDark);
      const background = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--be-background').trim(),
      );
      expect(background).not.toBe('');
      await context.close();
    }
  });

  it('follows the OS preference when the cookie says system', async () => {
    const context = await browser.newContext({ colorScheme: 'light' });
    await context.addCookies([{ name: 'be-active-theme', value: 'system', url: api.url }]);
    const page = await context.newPage();
    await page.goto(api.url);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.themeId), { timeout: 15_000 })
      .toBeTruthy();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(true);
    await context.close();
  });

  it('shows the cookie notice until it is accepted, then remembers it for 30 days', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(api.url);
    const notice = page.getByTestId('cookie-notice');
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => notice.count()).toBe(0);

    const cookie = (await context.cookies()).find((entry) => entry.name === 'cookie_notice');
    expect(cookie?.value).toBe('true');
    expect(cookie?.path).toBe('/');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    await page.reload();
    await page.getByTestId('home-page').waitFor();
    expect(await page.getByTestId('cookie-notice').count()).toBe(0);
    const bootstrap = await page.evaluate(
      () => (window as unknown as { bootstrapData: { show_cookie_notice: boolean } }).bootstrapData,
    );
    expect(bootstrap.show_cookie_notice).toBe(false);
    await context.close();
  });

  it('shows the 404 page for an unknown route and takes the user home', async () => {
    const context = await newContext([{ name: 'cookie_notice', value: 'true' }]);
    const page = await context.newPage();
    const response = await page.goto(`${api.url}/no/such/page`);
    // The page is the app's 404 page, and its status says so (crawlers, monitors).
    expect(response?.status()).toBe(404);
    await page.getByText("Looks like you've found the doorway to the great nothing").waitFor();
    await page.getByRole('link', { name: 'Take me there!' }).click();
    await page.waitForURL(`${api.url}/`);
    await page.getByTestId('home-page').waitFor();
    await context.close();
  });

  it('goes to /offline when the connection drops and to /discover when it returns', async () => {
    const context = await newContext([{ name: 'cookie_notice', value: 'true' }]);
    const page = await context.newPage();
    await page.goto(api.url);
    await page.getByTestId('home-page').waitFor();

    await context.setOffline(true);
    await page.waitForURL(`${api.url}/offline`);
    await page.getByText('You are offline.').waitFor();

    await context.setOffline(false);
    await page.waitForURL(`${api.url}/discover`);
    await page.getByTestId('discover-page').waitFor();
    await context.close();
  });

  it('serves the admin and backstage apps, which send a guest to /login', async () => {
    const context = await newContext([{ name: 'cookie_notice', value: 'true' }]);
    const page = await context.newPage();
    for (const path of ['/admin', '/backstage']) {
      await page.goto(`${api.url}${path}`);
      await page.waitForURL((url) => url.pathname === '/login');
    }
    await context.close();
  });
});
