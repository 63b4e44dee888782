import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { RouteHydrateFallback } from './loading-indicators';
import { RootErrorScreen, RouteErrorBoundary } from './route-error-boundary';
import { ShellLayout, type ShellLayoutProps } from './shell-layout';

export interface AppRouterOptions extends ShellLayoutProps {
  routes: RouteObject[];
  /** '/' for the player, '/admin' and '/backstage' for the others (matches Vite `base`). */
  basename?: string;
}

export function appRoutes({ routes, verifyEmailGate, hasOfflineRedirects }: AppRouterOptions): RouteObject[] {
  return [
    {
      id: 'root',
      element: <ShellLayout verifyEmailGate={verifyEmailGate} hasOfflineRedirects={hasOfflineRedirects} />,
      errorElement: <RootErrorScreen />,
      HydrateFallback: RouteHydrateFallback,
      // Route errors render inside the shell, so toasts and dialogs stay available.
      children: [{ errorElement: <RouteErrorBoundary />, children: routes }],
    },
  ];
}

export function createAppRouter(options: AppRouterOptions) {
  return createBrowserRouter(appRoutes(options), { basename: options.basename ?? '/' });
}

/** Same tree in memory, for tests. */
export function createAppMemoryRouter(options: AppRouterOptions & { initialEntries?: string[] }) {
  return createMemoryRouter(appRoutes(options), {
    basename: options.basename ?? '/',
    initialEntries: options.initialEntries,
  });
}
