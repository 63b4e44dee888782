import { NotFoundPage } from '@cadence/app-shell/error-pages';
import { accessLoader } from '@cadence/app-shell/require-access';
import { RouteErrorBoundary } from '@cadence/app-shell/route-error-boundary';
import type { RouteObject } from 'react-router';
import { BackstageLayout } from './layout/backstage-layout';

/** Spec 2.10: the artist area; every page needs a signed-in user. */
export const routes: RouteObject[] = [
  {
    element: <BackstageLayout />,
    loader: accessLoader({ requireLogin: true }),
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        index: true,
        lazy: () => import('./routes/backstage-home-page').then((m) => ({ Component: m.BackstageHomePage })),
      },
      {
        path: 'upload',
        loader: accessLoader({ permissions: ['music.create'] }),
        lazy: () => import('./routes/upload-page').then((m) => ({ Component: m.UploadPage })),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
