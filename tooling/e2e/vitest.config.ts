import { testReporters } from '@cadence/vitest-config/file-durations';
import { defineConfig } from 'vitest/config';

/**
 * Files that measure time in the page (a party's sync, gapless joins and crossfades, a push
 * arriving within a second): they run alone, after the rest, so no neighbour's Chromium sets
 * their figures.
 */
const TIMING_FILES = [
  'src/parties.e2e.test.ts',
  'src/listening.e2e.test.ts',
  'src/notifications.e2e.test.ts',
];

const shared = {
  globalSetup: ['src/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

// Browser tests drive the built apps through one real api process per file (each on its own
// port and copy of the seeded data). Most of a file's time is waiting on the page, so two files
// share the two cores; the timing files then run one at a time.
export default defineConfig({
  test: {
    ...testReporters(),
    projects: [
      {
        test: {
          ...shared,
          name: 'e2e',
          include: ['src/**/*.e2e.test.ts'],
          exclude: TIMING_FILES,
          maxWorkers: 2,
          // Two tests failed once in a clean-clone run at load 6-13 and passed alone and in the run
          // before (admin-settings' Restore after Move to trash; player-more's row double-click
          // that should start playback): timing under load, not yet explained. A failure that
          // repeats still fails.
          retry: 1,
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
          // (a crossfade read one silent window at load 22): such a run is measured once more.
          retry: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
