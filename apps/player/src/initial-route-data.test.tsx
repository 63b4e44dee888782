import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createQueryClient } from '@cadence/app-shell/query-client';
import type { TChannelResponse } from '@cadence/contracts/channel';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedInitialRouteData } from './initial-route-data';
import { HomePage } from './routes/home-page';
import { bootstrapFixture } from './test/bootstrap-fixture';

const fetchMock = vi.fn(() => new Promise<Response>(() => {}));
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

const discover: TChannelResponse = {
  channel: {
    id: 1,
    name: 'Fresh this week',
    slug: 'discover',
    description: null,
    config: {
      content_type: 'manual',
      content_model: 'channel',
      auto_method: null,
      order: 'popularity:desc',
      layout: 'grid',
      hide_title: false,
      seo_title: null,
      seo_description: null,
      restriction: null,
    },
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    restriction: null,
    content: { data: [], current_page: 1, per_page: 50, total: 0, last_page: 1 },
  },
};

function renderHome(queryClient: ReturnType<typeof createQueryClient>) {
  setBootstrapData(bootstrapFixture());
  const router = createMemoryRouter([{ path: '/', element: <HomePage /> }]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the home channel inlined by the api', () => {
  it('renders `/` from the seeded cache without a request', async () => {
    const queryClient = createQueryClient(() => {});
    seedInitialRouteData(queryClient, {
      homeChannel: { slugOrId: 'discover', response: discover, fetchedAt: Date.now() },
    });
    renderHome(queryClient);
    expect(await screen.findByRole('heading', { name: 'Fresh this week' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches as before when nothing was inlined', () => {
    const queryClient = createQueryClient(() => {});
    seedInitialRouteData(queryClient, undefined);
    renderHome(queryClient);
    expect(screen.queryByRole('heading', { name: 'Fresh this week' })).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('dates the data when the api read it, never in the future, and reads it only once', () => {
    const queryClient = createQueryClient(() => {});
    window.initialRouteData = {
      homeChannel: { slugOrId: 'discover', response: discover, fetchedAt: Date.now() + 3_600_000 },
    };
    seedInitialRouteData(queryClient);
    const state = queryClient.getQueryCache().getAll()[0]?.state;
    expect(state?.dataUpdatedAt).toBeLessThanOrEqual(Date.now());
    expect(window.initialRouteData).toBeUndefined();
    const old = createQueryClient(() => {});
    const fetchedAt = Date.now() - 3_600_000;
    seedInitialRouteData(old, { homeChannel: { slugOrId: 'discover', response: discover, fetchedAt } });
    expect(old.getQueryCache().getAll()[0]?.state.dataUpdatedAt).toBe(fetchedAt);
  });
});
