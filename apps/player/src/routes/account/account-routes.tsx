import { accessLoader } from '@cadence/app-shell/require-access';
import type { RouteObject } from 'react-router';

/** Spec 2.6: account settings, login required. */
export const accountRoutes: RouteObject[] = [
  {
    path: 'account-settings',
    loader: accessLoader({ requireLogin: true }),
    lazy: () =>
      import('../../features/listening/player-account-settings').then((m) => ({
        Component: m.PlayerAccountSettings,
      })),
  },
];
