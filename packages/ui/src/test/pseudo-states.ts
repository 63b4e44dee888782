import { addons } from 'storybook/preview-api';

/**
 * storybook-addon-pseudo-states rewrites the stylesheets (`:hover` -> `.pseudo-hover`) when the
 * catalogue's preview says a story rendered. The story tests render stories without that event,
 * so a states story's `play` says it: the forced hover/focus/active styles are then what axe
 * checks (colour contrast of every state).
 */
export async function applyPseudoStates(): Promise<void> {
  // Only under the story tests (@storybook/addon-vitest defines VITEST_STORYBOOK): the catalogue's
  // own manager listens to this event and must not get a second, empty one.
  const env = (import.meta as unknown as { env?: Record<string, string | undefined> }).env;
  if (env?.VITEST_STORYBOOK === undefined) return;
  addons.getChannel().emit('storyRendered');
  // The addon applies its classes on a timer after the story mounted.
  await new Promise((resolve) => setTimeout(resolve, 50));
}
