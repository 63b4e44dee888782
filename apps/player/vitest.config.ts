import { domPreset } from '@cadence/vitest-config/dom';
import { defineConfig, mergeConfig } from 'vitest/config';

export default mergeConfig(
  domPreset,
  defineConfig({
    test: {
      setupFiles: ['./src/test/setup.ts'],
      // The build's own plugins (build/) are tested beside them too.
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    },
  }),
);
