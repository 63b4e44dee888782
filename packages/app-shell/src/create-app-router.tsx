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

type TAppRouter = ReturnType<typeof createAppRouter>;

/**
 * Resolves once the router has its first route's lazy module and loaders, or after `maxWaitMs`.
 * Rendered before that, the app commits `HydrateFallback` and then the page: two commits of the
 * tree where one will do, while index.html's boot layout stays on screen either way.
 */
export function whenRouterReady(router: Pick<TAppRouter, 'state' | 'subscribe'>, maxWaitMs: number) {
  if (router.state.initialized) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, maxWaitMs);
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
  });
}
