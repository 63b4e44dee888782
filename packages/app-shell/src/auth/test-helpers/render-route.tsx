import type { TBootstrapData } from '@cadence/contracts/bootstrap';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setBootstrapData } from '../../bootstrap-store';
import { createAppMemoryRouter } from '../../create-app-router';
import { createQueryClient } from '../../query-client';

/** Renders `routes` inside the real app shell (gate, toasts, modal host) at `path`. */
export async function renderRoutes(routes: RouteObject[], path: string, data: TBootstrapData) {
  setBootstrapData(data);
  const withProbes: RouteObject[] = [
    ...routes,
    { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
  ];
  const router = createAppMemoryRouter({
    routes: withProbes,
    initialEntries: [path],
    hasOfflineRedirects: false,
  });
  await act(async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  return router;
}
