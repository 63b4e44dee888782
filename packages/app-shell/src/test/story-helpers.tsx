import { type TBootstrapData, ZBootstrapDataSchema } from '@cadence/contracts/bootstrap';
import type { Decorator } from '@storybook/react-vite';
import { useState } from 'react';
import { createMemoryRouter, useLocation, useRouteError } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { z } from 'zod';
import { getBootstrapData, setBootstrapData } from '../bootstrap-store';

/** What went wrong while a story ran (see takeMockApiFailures). */
const failures: unknown[] = [];

/**
 * For components that read or write the address (list state, links, unsaved-changes guards):
 * a memory router starting at the story's `parameters.route` (default `/`). A page that reads
 * route params names its pattern in `parameters.routePath` (`/checkout/:productId/:priceId`);
 * any other address then shows where the page went (`story-location`), for `play` to assert.
 */
export const withRouter: Decorator = (Story, context) => {
  const route = (context.parameters.route as string | undefined) ?? '/';
  const routePath = context.parameters.routePath as string | undefined;
  // An app's own base (`/backstage`): its app links resolve as they do in the built app.
  const basename = context.parameters.basename as string | undefined;
  const [router] = useState(() =>
    createMemoryRouter(
      [
        { path: routePath ?? '*', element: <Story />, errorElement: <StoryCrashed /> },
        ...(routePath ? [{ path: '*', element: <StoryLocation /> }] : []),
      ],
      {
        initialEntries: [basename ? `${basename}${route === '/' ? '' : route}` : route],
        ...(basename ? { basename } : {}),
      },
    ),
  );
  return <RouterProvider router={router} />;
};

/** Where a page with a `routePath` navigated to. */
function StoryLocation() {
  const location = useLocation();
  return <p data-testid="story-location">{`${location.pathname}${location.search}`}</p>;
}

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

/**
 * A story's `beforeEach` that changes the bootstrap data (settings, the signed-in user) for that
 * story only: the result is parsed with its contract, and the catalogue's data comes back after.
 */
export function withBootstrap(patch: (data: TBootstrapData) => TBootstrapData) {
  return () => {
    const before = getBootstrapData();
    setBootstrapData(ZBootstrapDataSchema.parse(patch(before)));
    return () => setBootstrapData(before);
  };
}

/** The story runs signed out (a guest). */
export const signedOut = withBootstrap((data) => ({ ...data, user: null }));

/** Settings merged one level deep: `withSettings({ billing: { enable: true } })`. */
export function withSettings(settings: Partial<Record<keyof TBootstrapData['settings'], object>>) {
  return withBootstrap((data) => {
    const merged: Record<string, unknown> = { ...data.settings };
    for (const [key, value] of Object.entries(settings)) {
      merged[key] = { ...(merged[key] as object | undefined), ...value };
    }
    return { ...data, settings: merged as TBootstrapData['settings'] };
  });
}

/**
 * A pending button (react-aria) announces its spinner by reference in the live announcer, and
 * the announcement outlives the button for a few seconds; a page that leaves right after (a
 * sign-in that navigates) leaves it pointing at nothing, which axe reports. A `play` that ends
 * after such a navigation drops those orphans (the user heard them already).
 */
export function dropOrphanAnnouncements(): void {
  for (const message of document.querySelectorAll('[data-live-announcer] [aria-labelledby]')) {
    const ids = (message.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
    if (!ids.some((id) => document.getElementById(id)?.textContent)) message.remove();
  }
}
