import { domPreset } from '@cadence/vitest-config/dom';
import { defineConfig, mergeConfig } from 'vitest/config';

export default mergeConfig(domPreset, defineConfig({ test: { setupFiles: ['./src/test-setup.ts'] } }));
