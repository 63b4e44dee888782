import { takeMockApiFailures } from '@cadence/app-shell/test/story-helpers';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { cleanup } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import preview from '../.storybook/preview';

type StoryModule = Parameters<typeof composeStories>[0];
type TComposedStory = { run: () => Promise<void> };

/**
 * Turns every story of a package into a test (portable stories in jsdom): the story renders with
 * the catalogue's own decorators (theme variables on the root), its play function runs, and axe
 * checks the whole document, overlays included. One violation fails the story, and so does a
 * mocked api answer whose fixture no longer parses with its contract.
 *
 * jsdom does not lay out or paint, so axe's colour-contrast rule cannot run here (it reports
 * "incomplete", not a pass): contrast is checked by the browser tests of the pages.
 *
 * Usage, in a package's `src/stories.test.tsx`:
 *   testStories(import.meta.glob('./**\/*.stories.tsx', { eager: true }));
 */
export function testStories(modules: Record<string, unknown>) {
  setProjectAnnotations([preview]);
  afterEach(() => cleanup());

  const files = Object.entries(modules);
  it('finds stories', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  for (const [file, module] of files) {
    const stories = Object.entries(composeStories(module as StoryModule)) as [string, TComposedStory][];
    describe(file, () => {
      for (const [name, Story] of stories) {
        it(name, async () => {
          takeMockApiFailures();
          await Story.run();
          // Requests the story started have had axe's run to be answered; a fixture that no
          // longer parses (or a crash) fails the story even when nothing on screen shows it.
          const axeRun = expectNoAxeViolations(document.body);
          await axeRun.catch(() => {});
          const [failure] = takeMockApiFailures();
          if (failure) throw failure;
          await axeRun;
        });
      }
    });
  }
}

export async function expectNoAxeViolations(root: Element) {
  const results = await axe.run(root, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  const found = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help}\n${violation.nodes.map((node) => `  ${node.target.join(' ')}`).join('\n')}`,
  );
  expect(found, 'axe violations').toEqual([]);
}
