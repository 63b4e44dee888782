import { NotFoundPage } from '@cadence/app-shell/error-pages';
import { accessLoader } from '@cadence/app-shell/require-access';
import { RouteErrorBoundary } from '@cadence/app-shell/route-error-boundary';
import type { RouteObject } from 'react-router';
import { AdminLayout } from './layout/admin-layout';
import { appearanceRoutes } from './routes/appearance/appearance-routes';
import { billingRoutes } from './routes/billing/billing-routes';
import { musicRoutes } from './routes/music/music-routes';

// A tabbed page's default tab answers at the page's address and at its own name (spec 2.12).
const userDetailsTab = {
  lazy: () => import('./routes/users/user-details-tab').then((m) => ({ Component: m.UserDetailsTab })),
};
const logsPage = { lazy: () => import('./routes/logs-page').then((m) => ({ Component: m.LogsPage })) };

/** Spec 2.12: everything under /admin requires admin.access (spec 6 route rule). */
export const routes: RouteObject[] = [
  ...appearanceRoutes,
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
        children: [
          { index: true, ...logsPage },
          { path: ':tab', ...logsPage },
        ],
      },
      {
        path: 'users',
        loader: accessLoader({ permissions: ['users.update'] }),
        children: [
          {
            index: true,
            lazy: () => import('./routes/users/users-page').then((m) => ({ Component: m.UsersPage })),
          },
          {
            path: ':userId',
            lazy: () => import('./routes/users/user-page').then((m) => ({ Component: m.UserPage })),
            children: [
              { index: true, ...userDetailsTab },
              { path: 'details', ...userDetailsTab },
              {
                path: 'permissions',
                lazy: () =>
                  import('./routes/users/user-permissions-tab').then((m) => ({
                    Component: m.UserPermissionsTab,
                  })),
              },
              {
                path: 'security',
                lazy: () =>
                  import('./routes/users/user-security-tab').then((m) => ({ Component: m.UserSecurityTab })),
              },
              {
                path: 'date',
                lazy: () =>
                  import('./routes/users/user-date-tab').then((m) => ({ Component: m.UserDateTab })),
              },
              {
                path: 'api',
                lazy: () => import('./routes/users/user-api-tab').then((m) => ({ Component: m.UserApiTab })),
              },
            ],
          },
        ],
      },
      {
        path: 'roles',
        loader: accessLoader({ permissions: ['roles.update'] }),
        children: [
          {
            index: true,
            lazy: () => import('./routes/roles/roles-page').then((m) => ({ Component: m.RolesPage })),
          },
          {
            path: 'new',
            lazy: () => import('./routes/roles/role-edit-page').then((m) => ({ Component: m.RoleEditPage })),
          },
          {
            path: ':roleId/edit',
            lazy: () => import('./routes/roles/role-edit-page').then((m) => ({ Component: m.RoleEditPage })),
          },
        ],
      },
      {
        path: 'settings',
        loader: accessLoader({ permissions: ['settings.update'] }),
        children: [
          {
            index: true,
            lazy: () =>
              import('./routes/settings/settings-page').then((m) => ({ Component: m.SettingsPage })),
          },
          {
            path: ':tab',
            lazy: () =>
              import('./routes/settings/settings-page').then((m) => ({ Component: m.SettingsPage })),
          },
        ],
      },
      {
        path: 'custom-pages',
        loader: accessLoader({ permissions: ['custom_pages.update'] }),
        children: [
          {
            index: true,
            lazy: () =>
              import('./routes/custom-pages/custom-pages-page').then((m) => ({
                Component: m.CustomPagesPage,
              })),
          },
          {
            path: 'new',
            lazy: () =>
              import('./routes/custom-pages/custom-page-edit-page').then((m) => ({
                Component: m.CustomPageEditPage,
              })),
          },
          {
            path: ':pageId/edit',
            lazy: () =>
              import('./routes/custom-pages/custom-page-edit-page').then((m) => ({
                Component: m.CustomPageEditPage,
              })),
          },
        ],
      },
      {
        path: 'localizations',
        loader: accessLoader({ permissions: ['localizations.update'] }),
        children: [
          {
            index: true,
            lazy: () =>
              import('./routes/localizations/localizations-page').then((m) => ({
                Component: m.LocalizationsPage,
              })),
          },
          {
            path: ':localeId/translate',
            lazy: () =>
              import('./routes/localizations/translate-page').then((m) => ({ Component: m.TranslatePage })),
          },
        ],
      },
      {
        path: 'files',
        loader: accessLoader({ permissions: ['files.update'] }),
        lazy: () => import('./routes/files/files-page').then((m) => ({ Component: m.FilesPage })),
      },
      {
        path: 'audit-log',
        loader: accessLoader({ permissions: ['logs.view'] }),
        lazy: () => import('./routes/audit-log-page').then((m) => ({ Component: m.AuditLogPage })),
      },
      {
        path: 'backstage-requests',
        loader: accessLoader({ permissions: ['backstageRequests.view'] }),
        lazy: () =>
          import('./routes/backstage-requests/backstage-requests-page').then((m) => ({
            Component: m.BackstageRequestsPage,
          })),
      },
      {
        path: 'backstage-requests/:requestId',
        loader: accessLoader({ permissions: ['backstageRequests.view'] }),
        lazy: () =>
          import('./routes/backstage-requests/backstage-request-page').then((m) => ({
            Component: m.BackstageRequestPage,
          })),
      },
      {
        path: 'plays',
        lazy: () =>
          import('./routes/reports/plays-report-page').then((m) => ({ Component: m.PlaysReportPage })),
      },
      {
        path: 'visitors',
        lazy: () =>
          import('./routes/reports/visitors-report-page').then((m) => ({ Component: m.VisitorsReportPage })),
      },
      ...(['tracks', 'albums', 'artists'] as const).map((subject) => ({
        path: `${subject}/:id/insights`,
        loader: accessLoader({ permissions: [`${subject}.update`] }),
        lazy: () =>
          import('./routes/reports/insights-page').then((m) => ({
            Component: () => <m.AdminInsightsPage subject={subject} />,
          })),
      })),
      ...musicRoutes,
      {
        path: 'ads',
        loader: accessLoader({ permissions: ['settings.update'] }),
        lazy: () => import('./routes/ads/ads-page').then((m) => ({ Component: m.AdsPage })),
      },
      ...billingRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
