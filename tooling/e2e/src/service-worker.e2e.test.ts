import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from './api-server';
import { launchBrowser } from './browser';

let api: RunningApi;
let browser: Browser;

beforeAll(async () => {
  [api, browser] = await Promise.all([startApi(), launchBrowser({ serviceWorkers: 'allow' })]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

describe('the service worker and the installable player (spec 7, 2.3)', () => {
  it('serves /build/sw.js for the whole site, a missing script as 404, and a manifest with PNG icons', async () => {
    const worker = await fetch(`${api.url}/build/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('service-worker-allowed')).toBe('/');
    const source = await worker.text();
    expect(source).toContain('/build/push-handler.js');
    expect(source).toContain('"/offline"');
    expect((await fetch(`${api.url}/build/not-there.js`)).status).toBe(404);

    const manifest = await fetch(`${api.url}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    const body = (await manifest.json()) as { icons: { src: string; sizes: string }[]; display: string };
    expect(body.display).toBe('standalone');
    for (const size of ['192x192', '512x512']) {
      const icon = body.icons.find((entry) => entry.sizes === size);
      const png = await fetch(`${api.url}${icon?.src}`);
      expect(png.headers.get('content-type')).toBe('image/png');
    }
  });

  it('opens /offline without a network once the worker is installed, and never caches api answers', async () => {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'cookie_notice', value: 'true', url: api.url }]);
    const page = await context.newPage();
    await page.goto(`${api.url}/discover`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The worker claims the page; every precached file is in place once `ready` resolves.
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 })
      .toBe(true);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/offline');
    expect(cached.some((path) => path.startsWith('/api/'))).toBe(false);

    await context.setOffline(true);
    await page.goto(`${api.url}/offline`);
    await page.getByText('You are offline.').waitFor({ timeout: 15_000 });
    // Any other page load while offline falls back to the same page.
    await page.goto(`${api.url}/discover`);
    await page.getByText('You are offline.').waitFor({ timeout: 15_000 });
    await context.setOffline(false);
    await context.close();
  });

  it('shows a Web Push message as a system notification', async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['notifications'], { origin: api.url });
    const page = await context.newPage();
    await page.goto(`${api.url}/discover`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((registration) => registration.scopeURL === `${api.url}/`);
        if (found) resolve(found.registrationId);
      });
      void cdp.send('ServiceWorker.enable');
    });
    // What the browser hands the worker after decrypting the api's RFC 8291 message.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: api.url,
      registrationId,
      data: JSON.stringify({
        type: 'notification.created',
        notification: {
          id: 'push-1',
          data: {
            lines: [{ content: 'Someone replied to your comment:' }, { content: 'Nice one' }],
            mainAction: { action: '/notifications', label: 'View' },
          },
        },
      }),
    });
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.ready;
            return (await registration.getNotifications()).map((shown) => `${shown.title}|${shown.body}`);
          }),
        { timeout: 10_000 },
      )
      .toEqual(['Someone replied to your comment:|Nice one']);
    await context.close();
  });
});
