import { reportMockApiFailure } from '@cadence/app-shell/test/story-helpers';
import { cleanup } from '@testing-library/react';
import type { SetupWorker } from 'msw/browser';
import { setupServer } from 'msw/node';
import { afterEach } from 'vitest';
import { mswSetup } from '../.storybook/preview';

// jsdom has no CSS namespace; react-aria's overlays call CSS.escape when they open.
if (typeof globalThis.CSS?.escape !== 'function') {
  const cssEscape = (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (char) => `\\${char}`);
  Object.defineProperty(globalThis, 'CSS', {
    value: { ...globalThis.CSS, escape: cssEscape },
    configurable: true,
  });
}

afterEach(() => {
  cleanup();
  // react-aria's live announcer outlives the story (one node on the body for the whole run); the
  // announcements of a story that is gone (labelled by elements that left with it) are emptied so
  // the next story's axe run sees only its own document.
  for (const log of document.querySelectorAll('[data-live-announcer] [role="log"]')) log.replaceChildren();
});

// The stories' msw handlers, answered in-process: jsdom has no service worker. A handler that
// throws (a fixture that no longer parses with its contract) fails the story.
mswSetup.start = () => {
  const server = setupServer();
  server.listen({ onUnhandledRequest: 'bypass' });
  server.events.on('unhandledException', ({ error }) => reportMockApiFailure(error));
  return server as unknown as SetupWorker;
};
