import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createAppMemoryRouter } from '@cadence/app-shell/create-app-router';
import { createQueryClient } from '@cadence/app-shell/query-client';
import { makeAppBootstrap, makeUser } from '@cadence/app-shell/test/fixtures';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { vi } from 'vitest';

export type TCall = { method: string; url: URL; body: unknown };

type TStubAnswer = { status?: number; body: unknown };

/**
 * fetch answered by `answer` (a route table of the test); every call recorded. A promise holds
 * that response back (a reload the test releases when it has checked the page meanwhile).
 */
export function stubApi(answer: (call: TCall) => TStubAnswer | Promise<TStubAnswer>) {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      const text = input.method === 'GET' ? '' : await input.text();
      const call = {
        method: input.headers.get('X-HTTP-Method-Override') ?? input.method,
        url,
        body: text ? JSON.parse(text) : undefined,
      };
      calls.push(call);
      const { status = 200, body } = await answer(call);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

export async function renderRoutes(routes: RouteObject[], entry: string) {
  setBootstrapData({ ...makeAppBootstrap(), user: makeUser() });
  const router = createAppMemoryRouter({ routes, initialEntries: [entry], hasOfflineRedirects: false });
  await act(async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  return router;
}
