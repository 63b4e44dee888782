import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { testReporters } from './file-durations';

/** Preset for React packages and apps: jsdom, tests beside the components. */
export const domPreset = defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    ...testReporters(),
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
    setupFiles: [fileURLToPath(new URL('./dom-setup.ts', import.meta.url))],
  },
});
