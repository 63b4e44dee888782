import { NotFoundPage } from '@cadence/app-shell/error-pages';
import { RouteErrorBoundary } from '@cadence/app-shell/route-error-boundary';
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { billingRoutes } from './features/billing/billing-routes';
import { prefetchHome } from './features/home/home-prefetch';
import { OfflineRoute } from './features/offline/offline-route';
import { PlayerFrame } from './layout/player-frame';
import { accountRoutes } from './routes/account/account-routes';
import { authRoutes } from './routes/auth/auth-routes';
import { embedRoutes, playerRoutes } from './routes/player-routes';

/**
 * The player's routes. Pages are lazy; /offline and the 404 page are not, because they must
 * render when the network (and so a lazy chunk) is unreachable. Loaders start a page's main
 * query in `queryClient` while its chunk loads; they do not wait for it (the page shows its
 * skeleton and errors itself).
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  ...authRoutes,
  ...embedRoutes,
  // The landing page is a full-width page of its own, outside the player's sidebar and bars.
  {
    path: 'landing',
    lazy: () => import('./routes/landing-page').then((m) => ({ Component: m.LandingPage })),
  },
  // The site's own pages (spec 2.9, 2.13): a plain frame with the site's navbar and footer.
  {
    path: 'pages/:pageSlug',
    lazy: () => import('./features/custom-pages/custom-page').then((m) => ({ Component: m.CustomPage })),
  },
  {
    path: 'pages/:pageId/:pageSlug',
    lazy: () => import('./features/custom-pages/custom-page').then((m) => ({ Component: m.CustomPage })),
  },
  {
    path: 'contact',
    lazy: () => import('./features/contact/contact-page').then((m) => ({ Component: m.ContactPage })),
  },
  {
    element: <PlayerFrame />,
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        index: true,
        loader: () => prefetchHome(queryClient),
        lazy: () => import('./routes/home-page').then((m) => ({ Component: m.HomePage })),
      },
      {
        path: 'discover',
        lazy: () => import('./routes/discover-page').then((m) => ({ Component: m.DiscoverPage })),
      },
      {
        path: 'lyrics',
        lazy: () => import('./routes/lyrics-page').then((m) => ({ Component: m.LyricsPage })),
      },
      ...accountRoutes,
      ...billingRoutes,
      ...playerRoutes(queryClient),
      { path: 'offline', element: <OfflineRoute /> },
      { path: '404', element: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
