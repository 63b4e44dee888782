import { nodePreset } from '@cadence/vitest-config/node';
import { defineConfig, mergeConfig } from 'vitest/config';

export default mergeConfig(nodePreset, defineConfig({ test: { testTimeout: 30_000 } }));
