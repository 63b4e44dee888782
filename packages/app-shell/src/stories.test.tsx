import { testStories } from '@cadence/storybook/story-tests';

// Every story of the package renders, runs its play function and passes axe (see story-tests.tsx).
testStories(import.meta.glob('./**/*.stories.tsx', { eager: true }));
