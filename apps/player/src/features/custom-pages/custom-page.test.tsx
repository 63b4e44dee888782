import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createQueryClient } from '@cadence/app-shell/query-client';
import type { TCustomPageResponse } from '@cadence/contracts/custom-page';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootstrapFixture, userFixture } from '../../test/bootstrap-fixture';
import { CustomPage } from './custom-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer: TCustomPageResponse = {
  page: {
    id: 3,
    title: 'About Us',
    slug: 'about-us',
    body: '<p>We make <a href="https://example.com">music</a>.</p><img src="x" onerror="window.__xss=1">',
    meta_title: null,
    meta_description: 'Who we are.',
    hide_nav: false,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
  },
  seo: { title: 'About Us - Cadence', description: 'Who we are.', canonical: 'http://x/pages/about-us' },
  set_seo: true,
};

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function requestedUrl(fetchMock: ReturnType<typeof respond>): string {
  const input = fetchMock.mock.calls[0]?.[0];
  return input instanceof Request ? input.url : String(input);
}

function renderAt(path: string, isLoggedIn = false) {
  setBootstrapData({ ...bootstrapFixture(), user: isLoggedIn ? userFixture() : null });
  const router = createMemoryRouter(
    [
      { path: '/pages/:pageSlug', element: <CustomPage /> },
      { path: '/pages/:pageId/:pageSlug', element: <CustomPage /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient(() => {})}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('custom page (spec 2.9, states of spec 4)', () => {
  it('shows the page by slug, purified, and sets the document title from its seo', async () => {
    const fetchMock = respond(200, answer);
    renderAt('/pages/about-us');
    expect(await screen.findByRole('heading', { name: 'About Us', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'music' }).getAttribute('href')).toBe('https://example.com');
    expect(screen.getByTestId('custom-page-body').innerHTML).not.toContain('onerror');
    expect(document.title).toBe('About Us - Cadence');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(requestedUrl(fetchMock)).toContain('/api/v1/custom-pages/about-us');
  });

  it('leaves the navigation bar out when the page hides navigation', async () => {
    respond(200, { ...answer, page: { ...answer.page, hide_nav: true } });
    renderAt('/pages/about-us');
    await screen.findByRole('heading', { name: 'About Us', level: 1 });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('asks by id on /pages/{pageId}/{pageSlug}', async () => {
    const fetchMock = respond(200, answer);
    renderAt('/pages/3/about-us');
    await screen.findByRole('heading', { name: 'About Us', level: 1 });
    expect(requestedUrl(fetchMock)).toContain('/api/v1/custom-pages/3');
  });

  it('sends a logged-out visitor to /login on 401 or 403', async () => {
    respond(403, { message: 'Forbidden' });
    const router = renderAt('/pages/members');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the not-found page on 404 and the generic error view otherwise', async () => {
    respond(404, { message: 'Page not found.' });
    renderAt('/pages/nope');
    expect(await screen.findByText("Looks like you've found the doorway to the great nothing")).toBeTruthy();
    cleanup();
    respond(500, { message: 'boom' });
    renderAt('/pages/broken', true);
    expect(
      await screen.findByText('There was an issue loading this page', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
