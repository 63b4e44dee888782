import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig, type ViteUserConfig as UserConfig } from 'vitest/config';
import { testCommandRetry, testReporters } from './file-durations';

/**
 * Preset for React packages and apps: jsdom, tests beside the components. A worker keeps one
 * module graph and one jsdom for the files it runs (`isolate: false`): setting up jsdom and
 * importing React per file was most of these suites' time (app-shell: 92 s of CPU isolated, 21 s
 * shared). testing-library unmounts after every test, so no file sees another's DOM.
 */
export const domPreset: UserConfig = defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    ...testReporters(),
    ...testCommandRetry(),
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
    isolate: false,
    setupFiles: [fileURLToPath(new URL('./dom-setup.ts', import.meta.url))],
  },
});

/**
 * For a package whose `isolatedFiles` test what happens when a module first loads (a lazy chunk
 * that failed once, react-aria's locale on load, the first commit of a page): those files get a
 * fresh module graph each, the rest share their worker's. `config` is the package's whole config
 * (the preset merged with its own); it becomes two projects, since a project that extends the
 * root would add the root's `include` to its own.
 */
export function withIsolatedFiles(config: UserConfig, isolatedFiles: string[]): UserConfig {
  const { reporters, ...projectTest } = config.test ?? {};
  const project = (test: NonNullable<UserConfig['test']>) => ({
    ...config,
    test: { ...projectTest, ...test },
  });
  return {
    test: {
      // An explicit `reporters: undefined` would break vitest's config resolution.
      ...(reporters ? { reporters } : {}),
      projects: [
        project({ name: 'shared', exclude: [...configDefaults.exclude, ...isolatedFiles] }),
        project({ name: 'isolated', isolate: true, include: isolatedFiles }),
      ],
    },
  };
}
