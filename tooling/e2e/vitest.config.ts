import { testCommandRetry, testReporters } from '@cadence/vitest-config/file-durations';
import { defineConfig } from 'vitest/config';

/**
 * Files that measure time in the page (a party's sync, gapless joins and crossfades, a push
 * arriving within a second): the `e2e-timing` project, run by the package's `test:alone` script,
 * which the root test command starts after every other task has ended (scripts/test-lanes.mjs),
 * so no neighbour's Chromium sets their figures.
 */
const TIMING_FILES = [
  'src/parties.e2e.test.ts',
  'src/listening.e2e.test.ts',
  'src/notifications.e2e.test.ts',
];

// The budgets are for the slower 2-core machine class under the test command's two lanes, where a
// browser journey ran 2.4x its time on the faster class (2026-12-02: 60 s timed out an admin's
// four-step homepage journey twice). A poll still ends the moment its condition holds; its budget
// only bounds how long a page may take to show what the test waits for.
const shared = {
  testTimeout: 120_000,
  hookTimeout: 180_000,
  expect: { poll: { timeout: 15_000 } },
};

// Browser tests drive the built apps through one real api process per file (each on its own
// port and copy of the seeded data). Most of a file's time is waiting on the page, so two files
// share the two cores; the timing files then run one at a time.
export default defineConfig({
  test: {
    ...testReporters(),
    // On the root project, not each of the two below: Vitest runs a project's global setup once per
    // project, one after the other before any file starts, so the seeded template was made twice.
    // What the root project provides, every project injects.
    globalSetup: ['src/global-setup.ts'],
    projects: [
      {
        test: {
          ...shared,
          name: 'e2e',
          include: ['src/**/*.e2e.test.ts'],
          exclude: TIMING_FILES,
          maxWorkers: 2,
          // One retry under the test command, as every suite (tooling/vitest/file-durations.ts);
          // a test that needs it is named at the end of the run.
          ...testCommandRetry(),
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'e2e-timing',
          include: TIMING_FILES,
          fileParallelism: false,
          // Audio rendered in real time drops a 50 ms block when the shared machine is overloaded
          // (a crossfade read one silent window at load 22): such a run is measured again. Twice:
          // alone on the slower 2-core machine of 2026-11-30 23:35 the party read a 343 ms landing
          // (bound 250) and then a p95 of 51.1 ms (bound 50), 34.3 ms in the first attempt.
          retry: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
