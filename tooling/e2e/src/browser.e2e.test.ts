import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the tests' Chromium", () => {
  it("keeps Playwright's disabled features: Chromium reads only the last --disable-features", async () => {
    // chrome://version shows the command line the browser process was started with.
    const page = await browser.newPage();
    await page.goto('chrome://version');
    const args = ((await page.locator('#command_line').textContent()) ?? '').split(/\s+/);
    await page.close();
    const lists = args
      .filter((arg) => arg.startsWith('--disable-features='))
      .map((arg) => arg.slice('--disable-features='.length).split(','));
    expect(lists.length).toBeGreaterThan(1);
    const last = new Set(lists.at(-1));
    const dropped = lists
      .slice(0, -1)
      .flat()
      .filter((feature) => !last.has(feature));
    expect(dropped).toEqual([]);
  });

  it('opens a page without the omnibox popups (a WebUI renderer per page)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('data:text/html,<p>hi</p>');
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = (await session.send('Target.getTargets')) as {
      targetInfos: { type: string; url: string }[];
    };
    expect(targetInfos.filter((target) => target.type === 'page').map((target) => target.url)).toContain(
      'data:text/html,<p>hi</p>',
    );
    expect(targetInfos.filter((target) => target.url.startsWith('chrome://omnibox'))).toEqual([]);
    await context.close();
  });

  it('blocks service workers unless the file asks for them', async () => {
    // A page that registers an empty worker, served over http (workers need a secure origin).
    const server: Server = createServer((request, response) => {
      const isWorker = request.url === '/sw.js';
      response.writeHead(200, { 'content-type': isWorker ? 'text/javascript' : 'text/html' });
      response.end(isWorker ? '' : '<p>worker</p>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const registers = async (from: Browser) => {
      const context = await from.newContext();
      const page = await context.newPage();
      await page.goto(origin);
      // Playwright's block answers the page's register() with no registration.
      const outcome = await page.evaluate(async () => {
        await navigator.serviceWorker.register('/sw.js');
        return (await navigator.serviceWorker.getRegistrations()).length > 0 ? 'registered' : 'refused';
      });
      await context.close();
      return outcome;
    };
    const allowing = await launchBrowser({ serviceWorkers: 'allow' });
    try {
      expect(await registers(browser)).toBe('refused');
      expect(await registers(allowing)).toBe('registered');
    } finally {
      await allowing.close();
      server.close();
    }
  });
});
