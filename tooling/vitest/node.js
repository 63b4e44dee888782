import { defineConfig } from 'vitest/config';
import { testReporters } from './file-durations';
/** Preset for packages and the api: plain Node, tests beside the code. */
export const nodePreset = defineConfig({
    test: {
        environment: 'node',
        ...testReporters(),
        include: ['src/**/*.test.ts'],
        testTimeout: 20_000,
        hookTimeout: 60_000,
    },
});
