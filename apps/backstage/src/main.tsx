import { VerifyEmailGate } from '@cadence/app-shell/auth/verify-email-gate';
import { mountApp } from '@cadence/app-shell/mount-app';
import { routes } from './router';
import './app.css';

// Connectivity redirects stay with the player, which owns /offline and /discover.
void mountApp({
  routes,
  basename: '/backstage',
  hasOfflineRedirects: false,
  verifyEmailGate: <VerifyEmailGate />,
});
