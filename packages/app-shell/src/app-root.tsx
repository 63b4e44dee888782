import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from 'react-aria-components';
import { RouterProvider } from 'react-router/dom';
import type { createAppRouter } from './create-app-router';
import { useBootstrapData } from './use-bootstrap-data';
import { useApplyActiveTheme } from './use-theme';

function ThemeSync() {
  useApplyActiveTheme();
  return null;
}

export interface AppRootProps {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
}

export function AppRoot({ router, queryClient }: AppRootProps) {
  // react-aria's own strings and formats follow the site's language, not the browser's.
  const { language } = useBootstrapData().i18n;
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider locale={language}>
        <ThemeSync />
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>
  );
}
