import type { ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useHref, useNavigate } from 'react-router';

/**
 * Makes react-aria links (menu items with href) navigate through the data router. Rendered by
 * the lazy react-aria parts that have links, not at the root, to keep react-aria out of the
 * first page's JavaScript.
 */
export function AriaRouterProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={navigate} useHref={useHref}>
      {children}
    </RouterProvider>
  );
}
