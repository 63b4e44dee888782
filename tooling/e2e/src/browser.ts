import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium, never a downloaded build; the flags keep it off the closed network.
 * `autoplay` lets pages play audio without a click first (tests that only check what plays).
 */
export function launchBrowser(options: { autoplay?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.autoplay ? ['--autoplay-policy=no-user-gesture-required'] : []),
    ],
  });
}
