import { nodePreset } from '@cadence/vitest-config/node';
import { defineConfig, mergeConfig } from 'vitest/config';

export default mergeConfig(
  nodePreset,
  defineConfig({
    test: {
      // Each file opens its own database; two cores are shared with the other suites.
      maxWorkers: 2,
      testTimeout: 20_000,
      // One migrated and one seeded database per run, copied by every test app.
      globalSetup: ['src/test/global-setup.ts'],
    },
  }),
);
