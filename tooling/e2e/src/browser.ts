import { TEST_CHROMIUM_ARGS } from '@cadence/vitest-config/chromium';
import { type Browser, type BrowserContextOptions, chromium } from 'playwright-core';

export interface LaunchOptions {
  /** Lets pages play audio without a click first (tests that only check what plays). */
  autoplay?: boolean;
  /**
   * Whether pages may register the player's service worker. Blocked unless a file tests it: its
   * install pre-caches the app shell (~175 files) in every fresh context that loads the player,
   * 2.5 of the 3.6 CPU seconds such a context cost in its first 10 s (2026-12-03, player home),
   * work no other journey looks at.
   */
  serviceWorkers?: 'allow' | 'block';
}

/**
 * Debian's Chromium, never a downloaded build, with the test flags (off the closed network, cheaper
 * pages: see TEST_CHROMIUM_ARGS). Its contexts (and pages made without one) default to the
 * `serviceWorkers` choice; a context's own options still win.
 */
export async function launchBrowser({
  autoplay = false,
  serviceWorkers = 'block',
}: LaunchOptions = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      ...TEST_CHROMIUM_ARGS,
      ...(autoplay ? ['--autoplay-policy=no-user-gesture-required'] : []),
    ],
  });
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  const withDefaults = <T extends BrowserContextOptions>(options?: T): T =>
    ({ serviceWorkers, ...options }) as T;
  browser.newContext = (options) => newContext(withDefaults(options));
  browser.newPage = (options) => newPage(withDefaults(options));
  return browser;
}
