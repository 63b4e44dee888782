import { VerifyEmailGate } from '@cadence/app-shell/auth/verify-email-gate';
import { mountApp } from '@cadence/app-shell/mount-app';
import { isBackstageRootPath } from '@cadence/contracts/backstage-paths';
import { rootRequestRoutes, routes } from './router';
import './app.css';

// `/become-artist` and `/claim-artist` are this app's too (spec 2.10), outside its base.
const isRootRequestPage = isBackstageRootPath(window.location.pathname);

// Connectivity redirects stay with the player, which owns /offline and /discover.
void mountApp({
  routes: isRootRequestPage ? rootRequestRoutes : routes,
  basename: isRootRequestPage ? '/' : '/backstage',
  hasOfflineRedirects: false,
  verifyEmailGate: <VerifyEmailGate />,
});
