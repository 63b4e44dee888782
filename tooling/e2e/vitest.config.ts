import { testReporters } from '@cadence/vitest-config/file-durations';
import { defineConfig } from 'vitest/config';

// Browser tests drive the built apps through one real api process per file; they run one file
// at a time so Chromium and the server do not fight for the two cores.
export default defineConfig({
  test: {
    include: ['src/**/*.e2e.test.ts'],
    globalSetup: ['src/global-setup.ts'],
    ...testReporters(),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
