import { testStories } from './story-tests';

/**
 * Every story of the catalogue (the globs of .storybook/main.ts) renders, runs its play function
 * and passes axe. The tests live here, not in each package, so that no package depends on the
 * catalogue that depends on it.
 */
testStories({
  ...import.meta.glob('./foundations/**/*.stories.tsx', { eager: true }),
  ...import.meta.glob('../../../packages/*/src/**/*.stories.tsx', { eager: true }),
  ...import.meta.glob('../../../apps/*/src/**/*.stories.tsx', { eager: true }),
});
