import { TEST_CHROMIUM_ARGS } from '@cadence/vitest-config/chromium';
import { testCommandRetry, testReporters } from '@cadence/vitest-config/file-durations';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { findProductIcons } from './src/foundations/product-icons-plugin';

/**
 * Every story of the catalogue (the globs of .storybook/main.ts) is a test, run by
 * @storybook/addon-vitest in a real, headless Chromium: Debian's, at /usr/bin/chromium (nothing
 * downloads a browser). A story fails when it throws, when its play function fails, when a
 * request it made met a fixture that no longer parses with its contract (preview.tsx's
 * afterEach), and on any axe violation, colour contrast included (addon-a11y, `test: 'error'`).
 */
export default defineConfig({
  plugins: [storybookTest({ configDir: '.storybook' })],
  // The Foundations page imports every icon the product uses, one module each: found up front,
  // Vite does not re-optimise (and reload the browser) in the middle of the run.
  optimizeDeps: { include: findProductIcons().map((icon) => `lucide-react/icons/${icon.name}`) },
  test: {
    name: 'storybook',
    ...testReporters(),
    ...testCommandRetry(),
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: TEST_CHROMIUM_ARGS,
        },
      }),
      instances: [{ browser: 'chromium' }],
      // Stories that open overlays or move focus share one document with their neighbours only
      // inside a file; files run one after another (2 shared cores), each in a fresh iframe.
      fileParallelism: false,
      // One page for all the files: the per-file reload of the preview cost ~2 s a file.
      isolate: false,
      viewport: { width: 1280, height: 800 },
    },
    testTimeout: 30_000,
  },
});
