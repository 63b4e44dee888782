import { NotFoundPage } from '@cadence/app-shell/error-pages';
import { accessLoader } from '@cadence/app-shell/require-access';
import { RouteErrorBoundary } from '@cadence/app-shell/route-error-boundary';
import type { RouteObject } from 'react-router';
import { AdminLayout } from './layout/admin-layout';

/** Spec 2.12: everything under /admin requires admin.access (spec 6 route rule). */
export const routes: RouteObject[] = [
  {
    element: <AdminLayout />,
    loader: accessLoader({ permissions: ['admin.access'] }),
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        index: true,
        lazy: () => import('./routes/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
      },
      {
        path: 'logs',
        loader: accessLoader({ permissions: ['logs.view'] }),
        lazy: () => import('./routes/logs-page').then((m) => ({ Component: m.LogsPage })),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
