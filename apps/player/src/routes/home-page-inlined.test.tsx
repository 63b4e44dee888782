import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createQueryClient } from '@cadence/app-shell/query-client';
import type { TChannelResponse } from '@cadence/contracts/channel';
import { pageRequests, pageRequestUrl } from '@cadence/contracts/page-requests';
import { inlinedResponses } from '@cadence/http-client/inlined-responses';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootstrapFixture } from '../test/bootstrap-fixture';
import { HomePage } from './home-page';

const fetchMock = vi.fn(() => new Promise<Response>(() => {}));
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  inlinedResponses.prime(undefined);
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
      pagination: 'infinite_scroll',
    },
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    restriction: null,
    content: { data: [], current_page: 1, per_page: 50, total: 0, last_page: 1 },
  },
};

function renderHome() {
  setBootstrapData(bootstrapFixture());
  const router = createMemoryRouter([{ path: '/', element: <HomePage /> }]);
  render(
    <QueryClientProvider client={createQueryClient(() => {})}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the home channel the api answered in the HTML', () => {
  it('renders `/` from the inlined answer without a request', async () => {
    inlinedResponses.prime({ [pageRequestUrl(pageRequests.channel('discover'))]: discover });
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Fresh this week' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches as before when nothing was inlined, or something else was', async () => {
    inlinedResponses.prime({ [pageRequestUrl(pageRequests.channel('charts'))]: discover });
    renderHome();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { name: 'Fresh this week' })).toBeNull();
  });
});
