import { domPreset } from '@cadence/vitest-config/dom';
import { defineConfig, mergeConfig } from 'vitest/config';
import { productIconsPlugin } from './src/foundations/product-icons-plugin';

export default mergeConfig(
  domPreset,
  defineConfig({ plugins: [productIconsPlugin()], test: { setupFiles: ['./src/test-setup.ts'] } }),
);
