import { domPreset, withIsolatedFiles } from '@cadence/vitest-config/dom';
import { defineConfig, mergeConfig } from 'vitest/config';

export default withIsolatedFiles(
  mergeConfig(domPreset, defineConfig({ test: { setupFiles: ['./src/test/setup.ts'] } })),
  // react-aria reads the site language when it first loads.
  ['src/aria-locale.test.tsx'],
);
