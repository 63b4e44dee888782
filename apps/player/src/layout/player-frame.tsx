import { RouteHydrateFallback } from '@cadence/app-shell/loading-indicators';
import type { THomePage } from '@cadence/contracts/homepage';
import { lazy, Suspense } from 'react';
import { useMatch } from 'react-router';
import { useHomePage } from '../features/home/use-home-page';
import { PlayerLayout } from './player-layout';

const LandingPage = lazy(() => import('../routes/landing-page').then((m) => ({ default: m.LandingPage })));
const LoginPage = lazy(() =>
  import('@cadence/app-shell/auth/login-page').then((m) => ({ default: m.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('@cadence/app-shell/auth/register-page').then((m) => ({ default: m.RegisterPage })),
);
const CustomPage = lazy(() =>
  import('../features/custom-pages/custom-page').then((m) => ({ default: m.CustomPage })),
);

function OwnHomePage({ home }: { home: Exclude<THomePage, { kind: 'channel' }> }) {
  switch (home.kind) {
    case 'landing':
      return <LandingPage />;
    case 'login':
      return <LoginPage />;
    case 'register':
      return <RegisterPage />;
    case 'customPage':
      return <CustomPage pageKey={home.pageKey} />;
  }
}

/**
 * The player's frame. At `/`, the homepage setting may name a page with a frame of its own (the
 * landing, login, registration or a custom page, spec 2.4): it stands in for the whole frame, at
 * that address. Every other page, and a home channel, renders inside the player layout.
 */
export function PlayerFrame() {
  const isHome = useMatch({ path: '/', end: true }) !== null;
  const home = useHomePage();
  if (!isHome || home.kind === 'channel') return <PlayerLayout />;
  return (
    <Suspense fallback={<RouteHydrateFallback />}>
      <OwnHomePage home={home} />
    </Suspense>
  );
}
