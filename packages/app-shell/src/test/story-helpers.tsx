import type { Decorator } from '@storybook/react-vite';
import { useState } from 'react';
import { createMemoryRouter, useRouteError } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { z } from 'zod';

/** What went wrong while a story ran (see takeMockApiFailures). */
const failures: unknown[] = [];

/**
 * For components that read or write the address (list state, links, unsaved-changes guards):
 * a memory router starting at the story's `parameters.route` (default `/`).
 */
export const withRouter: Decorator = (Story, context) => {
  const route = (context.parameters.route as string | undefined) ?? '/';
  const [router] = useState(() =>
    createMemoryRouter([{ path: '*', element: <Story />, errorElement: <StoryCrashed /> }], {
      initialEntries: [route],
    }),
  );
  return <RouterProvider router={router} />;
};

/**
 * A story that throws while rendering inside the router: the router's error boundary would show
 * its default page and the story would pass, so the error is recorded for the story tests too.
 */
function StoryCrashed() {
  const error = useRouteError();
  const [reported] = useState(() => {
    failures.push(error);
    return true;
  });
  return (
    <p role="alert" data-reported={reported}>
      The story crashed: {error instanceof Error ? error.message : String(error)}
    </p>
  );
}

/**
 * A fixture is the contract's schema applied to the data: when the contract changes and the
 * fixture no longer matches it, the story (and so its test) fails here, before it renders.
 */
export function fixture<T extends z.ZodType>(schema: T, value: z.input<T>): z.output<T> {
  return schema.parse(value);
}

/**
 * The errors the msw handlers met since the last call (a fixture that no longer parses, a
 * handler that threw), and stories that crashed inside the router. The story tests fail on them
 * even when the component (or the router's error boundary) hides the error.
 */
export function takeMockApiFailures(): unknown[] {
  return failures.splice(0);
}

/** Called by the catalogue's msw worker when a handler throws (a fixture that no longer parses). */
export function reportMockApiFailure(error: unknown): void {
  failures.push(error);
}
