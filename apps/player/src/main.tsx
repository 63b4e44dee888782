import { mountApp } from '@cadence/app-shell/mount-app';
import { createQueryClient } from '@cadence/app-shell/query-client';
import { isInAppearanceEditor } from '@cadence/app-shell/use-logout';
import { inlinedResponses } from '@cadence/http-client/inlined-responses';
import { lazy, Suspense } from 'react';
import { startCustomCode } from './features/appearance-editor/custom-code';
import { startOfflinePlays } from './features/offline/offline-plays';
import {
  browserServiceWorkerStart,
  registerServiceWorkerWhenIdle,
} from './features/offline/register-service-worker';
import { createRoutes } from './router';
import './app.css';

// Only unverified users see the gate: its form (react-aria) stays out of everyone's first load.
const VerifyEmailGate = lazy(() =>
  import('@cadence/app-shell/auth/verify-email-gate').then((m) => ({ default: m.VerifyEmailGate })),
);

declare global {
  interface Window {
    /** The first route's GET answered by the api in the HTML (apps/api spa-initial-data.ts). */
    initialResponses?: Record<string, unknown>;
  }
}

// Read once: later navigations fetch as usual.
inlinedResponses.prime(window.initialResponses);
window.initialResponses = undefined;
const queryClient = createQueryClient();
// Custom code follows bootstrap data, which mountApp loads next.
startCustomCode();
if (isInAppearanceEditor()) {
  void import('./features/appearance-editor/appearance-editor-bridge').then((m) =>
    m.startAppearanceEditorBridge(),
  );
}

// Spec 7: the service worker (Web Push, the offline page) from /build/sw.js, for the whole site,
// once the loaded page is idle (its install pre-caches the app shell).
// Not inside the appearance editor's preview frame, and only in a build (Vite's dev server has none).
if (import.meta.env.PROD && 'serviceWorker' in navigator && !isInAppearanceEditor()) {
  registerServiceWorkerWhenIdle(browserServiceWorkerStart('/build/sw.js'));
}

// Issue 37: plays heard offline go out once the connection is back.
startOfflinePlays();

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
