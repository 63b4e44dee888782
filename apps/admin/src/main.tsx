import { VerifyEmailGate } from '@cadence/app-shell/auth/verify-email-gate';
import { mountApp } from '@cadence/app-shell/mount-app';
import { routes } from './router';
import './app.css';

// Admin has no /offline or /discover of its own: connectivity redirects stay with the player.
void mountApp({
  routes,
  basename: '/admin',
  hasOfflineRedirects: false,
  verifyEmailGate: <VerifyEmailGate />,
});
