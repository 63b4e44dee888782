import { fixture, reportMockApiFailure } from '@cadence/app-shell/test/story-helpers';
import { getToast } from '@cadence/app-shell/toast-store';
import { keysetPageSchema } from '@cadence/contracts/admin-catalogue';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { Decorator } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { type ComponentType, useState } from 'react';
import { createMemoryRouter, type RouteObject, useRouteError } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { expect, waitFor, within } from 'storybook/test';
import type { z } from 'zod';

/**
 * The admin area's story data: msw handlers answering the admin list endpoints with rows parsed
 * by the contracts' zod schemas (a row that no longer matches its contract throws in the handler,
 * which fails the story), and the states every admin list page shows.
 */

export const STAMP = '2026-10-01T12:00:00.000Z';

/** A very long name, for the stories that check long text does not break a layout. */
export const LONG_TEXT =
  'An Extraordinarily Long Name That Keeps Going And Going (Extended Live Version, Remastered Deluxe Edition)';

const api = (endpoint: string) => `*/api/v1/${endpoint}`;

/**
 * `GET api/v1/{endpoint}` as the admin list convention answers it (`{pagination}`), paged and
 * searched (`query` matches any text of a row) the way the api does; rows parsed with `item`.
 */
export function listHandler<S extends z.ZodType>(endpoint: string, item: S, rows: () => z.input<S>[]) {
  return http.get(api(endpoint), ({ request }) => {
    const all = fixture(item.array(), rows()) as unknown[];
    const params = new URL(request.url).searchParams;
    const perPage = Number(params.get('perPage') ?? 15);
    const page = Number(params.get('page') ?? 1);
    const query = params.get('query')?.toLowerCase() ?? '';
    const matched = query ? all.filter((row) => JSON.stringify(row).toLowerCase().includes(query)) : all;
    return HttpResponse.json(
      fixture(paginationSchema(item), {
        pagination: {
          data: matched.slice((page - 1) * perPage, page * perPage),
          current_page: page,
          per_page: perPage,
          total: matched.length,
          last_page: Math.max(1, Math.ceil(matched.length / perPage)),
        },
      } as never),
    );
  });
}

/** `GET api/v1/admin/{tracks,albums,artists}`: a keyset page (Next by cursor), rows parsed with `item`. */
export function keysetHandler<S extends z.ZodType>(endpoint: string, item: S, rows: () => z.input<S>[]) {
  return http.get(api(endpoint), ({ request }) => {
    const all = fixture(item.array(), rows()) as unknown[];
    const params = new URL(request.url).searchParams;
    const perPage = Number(params.get('perPage') ?? 25);
    const start = Number(params.get('cursor') ?? 0);
    const query = params.get('query')?.toLowerCase() ?? '';
    const matched = query ? all.filter((row) => JSON.stringify(row).toLowerCase().includes(query)) : all;
    const data = matched.slice(start, start + perPage);
    const next = start + perPage < matched.length ? String(start + perPage) : null;
    return HttpResponse.json(
      fixture(keysetPageSchema(item), {
        pagination: {
          data,
          per_page: perPage,
          next_cursor: next,
          total: matched.length,
          total_capped: false,
        },
      } as never),
    );
  });
}

/** A request that never answers: the page's loading state. */
export const pendingHandler = (endpoint: string) => http.get(api(endpoint), () => delay('infinite'));

/** The api failed (500): the page's error state. */
export const failingHandler = (endpoint: string) =>
  http.get(api(endpoint), () => HttpResponse.json({ message: 'Server Error' }, { status: 500 }));

/** An object answer (`GET api/v1/{endpoint}` -> `{...}`), parsed with its contract. */
export function jsonHandler<S extends z.ZodType>(endpoint: string, schema: S, value: () => z.input<S>) {
  return http.get(api(endpoint), () => HttpResponse.json(fixture(schema, value()) as never));
}

/** A search that cannot match any row (the filtered-no-results state). */
export const NO_MATCH = 'zz-no-such-thing';

/**
 * The five states of an admin list page: rows, nothing yet, nothing for these filters, loading
 * and a failed load. `rows` answers the page's list endpoint; `empty` answers it with no rows.
 */
export function listPageStates(options: {
  route: string;
  endpoint: string;
  rows: ReturnType<typeof http.get>;
  empty: ReturnType<typeof http.get>;
  /** What the page shows when nothing exists yet. */
  emptyText: string;
  /** A name shown in the default state. */
  rowText: string;
  /** Handlers the page needs besides its list (filter options...). */
  extra?: ReturnType<typeof http.get>[];
}) {
  const extra = options.extra ?? [];
  const separator = options.route.includes('?') ? '&' : '?';
  return {
    Default: {
      parameters: { route: options.route, msw: [options.rows, ...extra] },
      play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
        const canvas = within(canvasElement);
        expect((await canvas.findAllByText(options.rowText)).length).toBeGreaterThan(0);
        expect(canvas.getByRole('table')).toBeTruthy();
      },
    },
    Empty: {
      parameters: { route: options.route, msw: [options.empty, ...extra] },
      play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
        await within(canvasElement).findByText(options.emptyText);
      },
    },
    FilteredNoResults: {
      parameters: {
        route: `${options.route}${separator}query=${NO_MATCH}`,
        msw: [options.rows, ...extra],
      },
      play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
        const canvas = within(canvasElement);
        await canvas.findByText('No results for these filters');
        expect(canvas.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
      },
    },
    Loading: {
      parameters: { route: options.route, msw: [pendingHandler(options.endpoint), ...extra] },
      play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
        await within(canvasElement).findByTestId('table-loading');
      },
    },
    LoadError: {
      parameters: { route: options.route, msw: [failingHandler(options.endpoint), ...extra] },
      play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
        const canvas = within(canvasElement);
        expect((await canvas.findByRole('alert')).textContent).toContain('Could not load this list.');
        expect(canvas.getByRole('button', { name: 'Try again' })).toBeTruthy();
      },
    },
  };
}

/**
 * For pages that read route params (`/roles/:roleId/edit`): a memory router with the story at
 * `parameters.path` (default `*`), started at `parameters.route`, and `parameters.children`
 * rendered in its outlet; or the story itself in the outlet of `parameters.parent` (a tab of a
 * page: `parameters.childPath` under the parent's `path`). `parameters.basename` is the app's
 * (`/admin`, for links that tell this app's paths from the others'). A crash inside it fails the story.
 */
export const withRoutes: Decorator = (Story, context) => {
  const path = (context.parameters.path as string | undefined) ?? '*';
  const route = (context.parameters.route as string | undefined) ?? '/';
  const children = context.parameters.children as RouteObject[] | undefined;
  const Parent = context.parameters.parent as ComponentType | undefined;
  const childPath = context.parameters.childPath as string | undefined;
  const story: RouteObject = Parent
    ? {
        path,
        element: <Parent />,
        errorElement: <Crashed />,
        children: [childPath ? { path: childPath, element: <Story /> } : { index: true, element: <Story /> }],
      }
    : { path, element: <Story />, errorElement: <Crashed />, ...(children ? { children } : {}) };
  const [router] = useState(() =>
    createMemoryRouter([story, { path: '*', element: <p>Left the story ({path})</p> }], {
      initialEntries: [route],
      basename: context.parameters.basename as string | undefined,
    }),
  );
  return <RouterProvider router={router} />;
};

function Crashed() {
  const error = useRouteError();
  useState(() => reportMockApiFailure(error));
  return <p role="alert">The story crashed: {error instanceof Error ? error.message : String(error)}</p>;
}

/** The toast a save or an action shows (the catalogue has no toast host; the store says what it shows). */
export async function expectToast(message: string) {
  await waitFor(() => expect(getToast()?.message).toBe(message));
}

/** A page's loading spinner (`role="progressbar"`). */
export async function findSpinner(canvasElement: HTMLElement, name: string | RegExp = /Loading/) {
  return within(canvasElement).findByRole('progressbar', { name });
}

/** The same five states for a keyset-paged table (tracks, albums, artists). */
export function keysetPageStates(
  options: Omit<Parameters<typeof listPageStates>[0], 'emptyText'> & { emptyText?: string },
) {
  return listPageStates({ emptyText: 'Nothing here yet', ...options });
}
