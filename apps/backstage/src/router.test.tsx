import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createAppMemoryRouter } from '@cadence/app-shell/create-app-router';
import { createQueryClient } from '@cadence/app-shell/query-client';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { rootRequestRoutes, routes } from './router';
import { bootstrapFixture, userFixture } from './test/bootstrap-fixture';

describe('backstage shell', () => {
  afterEach(cleanup);

  it('lists the request types as links under /backstage for a signed-in user', async () => {
    setBootstrapData({ ...bootstrapFixture(), user: userFixture() });
    const router = createAppMemoryRouter({
      routes,
      basename: '/backstage',
      initialEntries: ['/backstage'],
      hasOfflineRedirects: false,
    });
    await act(async () => {
      render(
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
    });
    expect(await screen.findByTestId('backstage-home')).toBeTruthy();
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/backstage/requests/become-artist',
        '/backstage/requests/verify-artist',
        '/backstage/requests/claim-artist',
      ]),
    );
  });

  it('shows the request form at /become-artist and /claim-artist (spec 2.10), the logo leading to /backstage', async () => {
    const grant = [{ name: 'backstageRequests.create', restrictions: [] }];
    setBootstrapData({ ...bootstrapFixture(), user: { ...userFixture(), permissions: grant } });
    for (const [path, heading] of [
      ['/become-artist', 'Become an artist'],
      ['/claim-artist', 'Claim an artist profile'],
    ] as const) {
      const router = createAppMemoryRouter({
        routes: rootRequestRoutes,
        basename: '/',
        initialEntries: [path],
        hasOfflineRedirects: false,
      });
      await act(async () => {
        render(
          <QueryClientProvider client={createQueryClient()}>
            <RouterProvider router={router} />
          </QueryClientProvider>,
        );
      });
      expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeTruthy();
      expect(screen.getByTestId('backstage-request-form')).toBeTruthy();
      const brand = screen.getAllByRole('link', { name: /Backstage/ })[0];
      expect(brand?.getAttribute('href')).toBe('/backstage');
      // The sidebar's pages are the backstage's, not the player's `/requests` at this root.
      expect(screen.getByRole('link', { name: 'Requests' }).getAttribute('href')).toBe('/backstage/requests');
      cleanup();
    }
  });
});
