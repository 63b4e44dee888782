import { nodePreset } from '@cadence/vitest-config/node';
import { defineConfig, mergeConfig } from 'vitest/config';

export default mergeConfig(
  nodePreset,
  // Scenarios share private PostgreSQL/Redis/nginx processes and the machine's two cores.
  defineConfig({ test: { maxWorkers: 1, testTimeout: 120_000, hookTimeout: 180_000 } }),
);
