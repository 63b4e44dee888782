import { nodePreset } from '@cadence/vitest-config/node';
import { defineConfig, mergeConfig } from 'vitest/config';

export default mergeConfig(
  nodePreset,
  defineConfig({
    test: {
      // Each file opens its own database; two cores are shared with the other suites.
      maxWorkers: 2,
      // A worker imports the app's module graph once, not once per file: importing it was 40 % of
      // a file's time (91 s of import against 123 s of tests in 8 files). Every test builds its
      // own app, database copy and Redis prefix, so nothing a file holds leaks into the next.
      isolate: false,
      testTimeout: 20_000,
      // A file's `beforeAll` builds an app on a database copy; in the embedded pass it may open a
      // fresh PGlite from the template's tarball (WASM start, a 46 MB data directory). One such
      // hook ran out of 60 s in the CI run of 2026-12-01 on the slower 2-core machine, beside the
      // PostgreSQL pass. It stays a bound, not a wait: a hook that hangs still fails.
      hookTimeout: 180_000,
      // One migrated and one seeded database per run, copied by every test app.
      globalSetup: ['src/test/global-setup.ts'],
    },
  }),
);
