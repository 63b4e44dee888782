import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { childPids, creditOrphansOf } from '../harness/foreign-cpu';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The e2e suite's network flags, plus autoplay so a scripted click may start sound; not the suite's
 * CPU-saving ones (tooling/vitest/chromium.ts): the figures of record were measured without them.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A Chromium whose `close()` first counts its renderers' CPU as ours (`creditOrphansOf`): they
 * outlive the browser process and would read as other processes' work. Launches are one at a
 * time, so the child that appeared during this one is its browser process.
 */
export async function launchChromium(): Promise<Browser> {
  const before = childPids();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, '--disable-quic', '--autoplay-policy=no-user-gesture-required'],
  });
  const launched = [...childPids()].filter((pid) => !before.has(pid));
  const close = browser.close.bind(browser);
  browser.close = async (options) => {
    for (const pid of launched) creditOrphansOf(pid);
    await close(options);
  };
  return browser;
}

/** A fresh context per measurement: no HTTP cache or saved queue carries over from the last one. */
export async function freshContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: 'cookie_notice', value: 'true', url: baseUrl }]);
  return context;
}
