import { mountApp } from '@cadence/app-shell/mount-app';
import { createQueryClient } from '@cadence/app-shell/query-client';
import { lazy, Suspense } from 'react';
import { seedInitialRouteData } from './initial-route-data';
import { createRoutes } from './router';
import './app.css';

// Only unverified users see the gate: its form (react-aria) stays out of everyone's first load.
const VerifyEmailGate = lazy(() =>
  import('@cadence/app-shell/auth/verify-email-gate').then((m) => ({ default: m.VerifyEmailGate })),
);

const queryClient = createQueryClient();
seedInitialRouteData(queryClient);

void mountApp({
  routes: createRoutes(queryClient),
  queryClient,
  basename: '/',
  verifyEmailGate: (
    <Suspense fallback={null}>
      <VerifyEmailGate />
    </Suspense>
  ),
});
