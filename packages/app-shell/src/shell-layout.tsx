import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { CookieNotice } from './cookie-notice';
import { RouteSpinner, TopProgressBar } from './loading-indicators';
import { ModalHost } from './modal-host';
import { RouteGate } from './route-gate';
import { RouteLinkClicks } from './route-links';
import { ToastHost } from './toast-host';
import { useOfflineRedirects } from './use-offline-redirects';

export interface ShellLayoutProps {
  verifyEmailGate?: ReactNode;
  /** The player follows connectivity (spec 2.3); admin and backstage have no /discover. */
  hasOfflineRedirects?: boolean;
}

function OfflineRedirects() {
  useOfflineRedirects();
  return null;
}

/** The root route: the gate around every page, plus the hosts every app shares. */
export function ShellLayout({ verifyEmailGate, hasOfflineRedirects = true }: ShellLayoutProps) {
  // No react-aria RouterProvider here: it would put react-aria in every first page. Lazy menus
  // with link items wrap themselves in `AriaRouterProvider` (./aria-router-provider).
  return (
    <>
      <TopProgressBar />
      <RouteLinkClicks />
      {hasOfflineRedirects && <OfflineRedirects />}
      <RouteGate verifyEmailGate={verifyEmailGate}>
        <Outlet />
      </RouteGate>
      <RouteSpinner />
      <CookieNotice />
      <ToastHost />
      <ModalHost />
    </>
  );
}
