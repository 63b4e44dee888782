import { accessLoader } from '@cadence/app-shell/require-access';
import { RouteErrorBoundary } from '@cadence/app-shell/route-error-boundary';
import type { RouteObject } from 'react-router';

const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) => ({
  lazy: () => load().then((module) => ({ Component: module[name] })),
});

/**
 * Spec 2.12 appearance editor, full screen beside the live preview (outside the admin layout):
 * /admin/appearance and its sections.
 */
export const appearanceRoutes: RouteObject[] = [
  {
    path: 'appearance',
    loader: accessLoader({ permissions: ['admin.access', 'appearance.update'] }),
    errorElement: <RouteErrorBoundary />,
    ...page(() => import('./appearance-layout'), 'AppearanceLayout'),
    children: [
      { index: true, ...page(() => import('./section-list-page'), 'SectionListPage') },
      { path: 'general', ...page(() => import('./general-page'), 'GeneralPage') },
      { path: 'seo-settings', ...page(() => import('./seo-settings-page'), 'SeoSettingsPage') },
      { path: 'custom-code', ...page(() => import('./custom-code-page'), 'CustomCodePage') },
      { path: 'themes', ...page(() => import('./themes-page'), 'ThemesPage') },
      { path: 'themes/:themeIndex', ...page(() => import('./theme-editor-page'), 'ThemeEditorPage') },
      { path: 'themes/:themeIndex/font', ...page(() => import('./theme-editor-page'), 'ThemeFontPage') },
      { path: 'themes/:themeIndex/radius', ...page(() => import('./theme-editor-page'), 'ThemeRadiusPage') },
      { path: 'menus', ...page(() => import('./menus-pages'), 'MenusPage') },
      { path: 'menus/:menuIndex', ...page(() => import('./menus-pages'), 'MenuEditorPage') },
      { path: 'menus/:menuIndex/:menuItemIndex', ...page(() => import('./menu-item-page'), 'MenuItemPage') },
      { path: 'landing-page', ...page(() => import('./landing-pages'), 'LandingSectionsPage') },
      { path: 'landing-page/general', ...page(() => import('./landing-general-page'), 'LandingGeneralPage') },
      {
        path: 'landing-page/action-buttons',
        ...page(() => import('./landing-actions-page'), 'LandingActionsPage'),
      },
      {
        path: 'landing-page/primary-features',
        ...page(() => import('./landing-features-pages'), 'LandingPrimaryFeaturesPage'),
      },
      {
        path: 'landing-page/secondary-features',
        ...page(() => import('./landing-features-pages'), 'LandingSecondaryFeaturesPage'),
      },
    ],
  },
];
