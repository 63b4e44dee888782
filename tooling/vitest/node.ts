import { defineConfig, type ViteUserConfig } from 'vitest/config';
import { testCommandRetry, testReporters } from './file-durations';

/** Preset for packages and the api: plain Node, tests beside the code. */
// Annotated: its declaration (what a package's typecheck reads) names vitest's type, not vite's,
// which this package cannot resolve.
export const nodePreset: ViteUserConfig = defineConfig({
  test: {
    environment: 'node',
    ...testReporters(),
    ...testCommandRetry(),
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
