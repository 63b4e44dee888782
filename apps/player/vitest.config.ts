import { domPreset, withIsolatedFiles } from '@cadence/vitest-config/dom';
import { defineConfig, mergeConfig } from 'vitest/config';

export default withIsolatedFiles(
  mergeConfig(
    domPreset,
    defineConfig({
      test: {
        setupFiles: ['./src/test/setup.ts'],
        // The build's own plugins (build/) are tested beside them too.
        include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      },
    }),
  ),
  // What the first load of a page does: its lazy chunks, its first commit, a chunk that failed once.
  [
    'src/first-render.test.tsx',
    'src/layout/player-frame.test.tsx',
    'src/features/channels/channel-content.test.tsx',
    'src/features/search/search-box-retry.test.tsx',
    'src/features/search/search-box-takeover.test.tsx',
    'src/features/search/search-box.test.tsx',
    'src/features/ads/ad-slot.test.tsx',
    'src/features/listening/listening-preferences.test.ts',
  ],
);
