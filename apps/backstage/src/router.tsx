import { NotFoundPage } from '@cadence/app-shell/error-pages';
import { accessLoader } from '@cadence/app-shell/require-access';
import { RouteErrorBoundary } from '@cadence/app-shell/route-error-boundary';
import type { RouteObject } from 'react-router';
import { BackstageLayout } from './layout/backstage-layout';

const requestGuard = accessLoader({ permissions: ['backstageRequests.create'] });
const createGuard = accessLoader({ permissions: ['music.create'] });
const requestForm =
  (type: 'become_artist' | 'verify_artist' | 'claim_artist', isAtSiteRoot = false) =>
  () =>
    import('./routes/request-form-page').then((m) => ({
      Component: () => <m.RequestFormPage type={type} isAtSiteRoot={isAtSiteRoot} />,
    }));
const insights = (subject: 'tracks' | 'albums' | 'artists') => () =>
  import('./routes/insights-page').then((m) => ({ Component: () => <m.InsightsPage subject={subject} /> }));
const edit =
  (name: 'NewTrackPage' | 'EditTrackPage' | 'NewAlbumPage' | 'EditAlbumPage' | 'EditArtistPage') => () =>
    import('./routes/music-edit-pages').then((m) => ({ Component: m[name] }));

/** Spec 2.10: the artist area; every page needs a signed-in user. */
export const routes: RouteObject[] = [
  {
    element: <BackstageLayout />,
    loader: accessLoader({ requireLogin: true }),
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        index: true,
        lazy: () => import('./routes/backstage-home-page').then((m) => ({ Component: m.BackstageHomePage })),
      },
      {
        path: 'requests',
        loader: requestGuard,
        lazy: () => import('./routes/requests-page').then((m) => ({ Component: m.RequestsPage })),
      },
      { path: 'requests/become-artist', loader: requestGuard, lazy: requestForm('become_artist') },
      { path: 'requests/verify-artist', loader: requestGuard, lazy: requestForm('verify_artist') },
      { path: 'requests/claim-artist', loader: requestGuard, lazy: requestForm('claim_artist') },
      {
        path: 'requests/:requestId/request-submitted',
        lazy: () =>
          import('./routes/request-submitted-page').then((m) => ({ Component: m.RequestSubmittedPage })),
      },
      {
        path: 'upload',
        loader: createGuard,
        lazy: () => import('./routes/upload-page').then((m) => ({ Component: m.UploadPage })),
      },
      { path: 'tracks/new', loader: createGuard, lazy: edit('NewTrackPage') },
      { path: 'tracks/:trackId/edit', lazy: edit('EditTrackPage') },
      { path: 'albums/new', loader: createGuard, lazy: edit('NewAlbumPage') },
      { path: 'albums/:albumId/edit', lazy: edit('EditAlbumPage') },
      { path: 'artists/:artistId/edit', lazy: edit('EditArtistPage') },
      { path: 'tracks/:trackId/insights', lazy: insights('tracks') },
      { path: 'albums/:albumId/insights', lazy: insights('albums') },
      { path: 'artists/:artistId/insights', lazy: insights('artists') },
      {
        path: 'artists/:artistId/earnings',
        lazy: () => import('./routes/earnings-page').then((m) => ({ Component: m.EarningsPage })),
      },
      {
        path: 'artists/:artistId/payout-details',
        lazy: () => import('./routes/payout-details-page').then((m) => ({ Component: m.PayoutDetailsPage })),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Spec 2.10 `/become-artist` and `/claim-artist`: the request form at the site's root, in the
 * backstage's frame (the api serves this app there; `main.tsx` mounts these routes at '/').
 * Anything else reached from here is another app's page or the backstage's own under its base,
 * so it is loaded as a page.
 */
export const rootRequestRoutes: RouteObject[] = [
  {
    element: <BackstageLayout />,
    loader: accessLoader({ requireLogin: true }),
    errorElement: <RouteErrorBoundary />,
    children: [
      { path: 'become-artist', loader: requestGuard, lazy: requestForm('become_artist', true) },
      { path: 'claim-artist', loader: requestGuard, lazy: requestForm('claim_artist', true) },
      {
        path: '*',
        loader: ({ request }) => {
          window.location.assign(request.url);
          // The page is leaving: never settle, so nothing renders meanwhile.
          return new Promise<null>(() => {});
        },
      },
    ],
  },
];
