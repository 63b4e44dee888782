import type { TBootstrapData } from '@cadence/contracts/bootstrap';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { setBootstrapData } from './bootstrap-store';
import { createAppMemoryRouter } from './create-app-router';
import { NotFoundPage } from './error-pages';
import { createQueryClient } from './query-client';
import { accessLoader } from './require-access';
import { makeBootstrap, makeUser } from './test/fixtures';

const routes: RouteObject[] = [
  { index: true, element: <p>home</p> },
  { path: 'admin', loader: accessLoader({ permissions: ['admin.access'] }), element: <p>admin area</p> },
  { path: 'library', loader: accessLoader({ requireLogin: true }), element: <p>library</p> },
  { path: 'login', element: <p>login page</p> },
  { path: 'pricing', element: <p>pricing page</p> },
  {
    path: 'broken',
    loader: () => {
      throw new Error('boom');
    },
    element: <p>never</p>,
  },
  { path: '*', element: <NotFoundPage /> },
];

async function renderApp(path: string, data: TBootstrapData) {
  setBootstrapData(data);
  const router = createAppMemoryRouter({ routes, initialEntries: [path], hasOfflineRedirects: false });
  await act(async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  return router;
}

describe('app shell routing', () => {
  afterEach(cleanup);

  it('shows the 404 page for an unknown route', async () => {
    await renderApp('/no/such/page', makeBootstrap());
    expect(await screen.findByTestId('not-found-page')).toBeTruthy();
    expect(screen.getByRole('heading').textContent).toBe(
      "Looks like you've found the doorway to the great nothing",
    );
    expect(screen.getByRole('link', { name: 'Take me there!' }).getAttribute('href')).toBe('/');
  });

  it('shows the generic error page when a loader fails', async () => {
    await renderApp('/broken', makeBootstrap());
    expect(await screen.findByText('There was an issue loading this page')).toBeTruthy();
    expect(screen.getByText('Please try again later')).toBeTruthy();
  });

  it('sends a guest without the permission to /login', async () => {
    const router = await renderApp('/admin', makeBootstrap());
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in user without it to /pricing when billing is on', async () => {
    const base = makeBootstrap({ user: makeUser() });
    const router = await renderApp('/admin', {
      ...base,
      settings: { ...base.settings, billing: { enable: true, integrated: true } },
    });
    expect(await screen.findByText('pricing page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pricing');
  });

  it('shows the 404 page to a signed-in user without it when billing is off', async () => {
    await renderApp('/admin', makeBootstrap({ user: makeUser() }));
    expect(await screen.findByTestId('not-found-page')).toBeTruthy();
  });

  it('lets a user with the permission (or admin) in', async () => {
    await renderApp(
      '/admin',
      makeBootstrap({ user: makeUser({ permissions: [{ name: 'admin', restrictions: [] }] }) }),
    );
    expect(await screen.findByText('admin area')).toBeTruthy();
  });

  it('requires login where asked', async () => {
    const router = await renderApp('/library', makeBootstrap());
    await screen.findByText('login page');
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('route gate (spec 2.1, 2.2)', () => {
  afterEach(cleanup);

  const confirmationRequired = (user: ReturnType<typeof makeUser>) => {
    const base = makeBootstrap({ user });
    return { ...base, settings: { ...base.settings, require_email_confirmation: true } };
  };

  it('shows only the verify-email screen with the masked address, whatever the route', async () => {
    await renderApp('/library', confirmationRequired(makeUser({ email_verified_at: null })));
    expect(screen.getByRole('heading').textContent).toBe('Verify your email');
    expect(screen.getByTestId('verify-email-screen').textContent).toBe(
      'Enter the verification code we sent to ad****@example.com',
    );
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByText('library')).toBeNull();
  });

  it('lets a verified user through when confirmation is required', async () => {
    await renderApp('/', confirmationRequired(makeUser()));
    expect(screen.getByText('home')).toBeTruthy();
  });

  it('ignores a missing verification when confirmation is not required', async () => {
    await renderApp('/', makeBootstrap({ user: makeUser({ email_verified_at: null }) }));
    expect(screen.getByText('home')).toBeTruthy();
  });

  it('shows the suspended screen to a banned user', async () => {
    await renderApp('/', makeBootstrap({ user: makeUser({ banned_at: '2026-01-01T00:00:00Z' }) }));
    expect(screen.getByRole('heading').textContent).toBe('Your account is suspended');
    expect(screen.getByTestId('suspended-screen').textContent).toBe(
      "You can't open Cadence because your account is suspended. Contact the Admin to re-activate your account.",
    );
  });

  it('re-renders the normal routes when bootstrap data is replaced (e.g. after logout)', async () => {
    await renderApp('/', makeBootstrap({ user: makeUser({ banned_at: '2026-01-01T00:00:00Z' }) }));
    act(() => setBootstrapData(makeBootstrap()));
    expect(screen.getByText('home')).toBeTruthy();
  });
});
