import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app-root';
import { syncAriaLocale } from './aria-locale';
import { BootErrorScreen } from './boot-error-screen';
import { loadBootstrapData } from './bootstrap-store';
import { type AppRouterOptions, createAppRouter, whenRouterReady } from './create-app-router';
import { SPINNER_DELAY_MS } from './loading-indicators';
import { createQueryClient } from './query-client';

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Loads bootstrap data (inlined or fetched), then renders the app into `#root`. An app passes its
 * own `queryClient` when route loaders start queries before the page renders.
 */
export async function mountApp(
  { queryClient = createQueryClient(), ...options }: AppRouterOptions & { queryClient?: QueryClient },
  container = document.getElementById('root'),
) {
  if (!container) throw new Error('mountApp: no #root element');
  const root = createRoot(container);
  try {
    await loadBootstrapData();
  } catch (error) {
    console.error(error);
    root.render(<BootErrorScreen />);
    return;
  }
  // A task of its own for the router's start (its routes, the first match, the loaders): inlined
  // bootstrap data resolves in a microtask, so it ran in the entry chunk's evaluation task (home:
  // ~1.0 s + ~0.2 s at 4x CPU, one long task where two halves each count 50 ms less blocking).
  await nextTask();
  // Before the router starts: its first lazy route may bring react-aria, which reads it on load.
  syncAriaLocale();
  const router = createAppRouter(options);
  // The first route's chunk is preloaded by index.html: its page is the first commit. A slow
  // network still gets the route spinner (HydrateFallback) after its usual delay.
  await whenRouterReady(router, SPINNER_DELAY_MS);
  // A transition: React renders the first page in slices of a few ms that yield to the browser
  // (input, the audio element's tasks) instead of one task of ~570 components (home: 1.2-2.0 s at
  // 4x CPU in a trace, all of it blocking). Only the commit stays one task. index.html's skeleton
  // is on screen until then either way.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppRoot router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
}
