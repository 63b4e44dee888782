import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import type { createAppRouter } from './create-app-router';
import { useApplyActiveTheme } from './use-theme';

function ThemeSync() {
  useApplyActiveTheme();
  return null;
}

export interface AppRootProps {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
}

/** react-aria's strings and formats follow the site's language through `syncAriaLocale` (mountApp). */
export function AppRoot({ router, queryClient }: AppRootProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeSync />
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
