import { TEST_CHROMIUM_ARGS } from '@cadence/vitest-config/chromium';
import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium, never a downloaded build, with the test flags (off the closed network, cheaper
 * pages: see TEST_CHROMIUM_ARGS). `autoplay` lets pages play audio without a click first (tests
 * that only check what plays).
 */
export function launchBrowser(options: { autoplay?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      ...TEST_CHROMIUM_ARGS,
      ...(options.autoplay ? ['--autoplay-policy=no-user-gesture-required'] : []),
    ],
  });
}
