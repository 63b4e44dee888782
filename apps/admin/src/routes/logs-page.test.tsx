import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createAppMemoryRouter } from '@cadence/app-shell/create-app-router';
import { createQueryClient } from '@cadence/app-shell/query-client';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../router';
import { bootstrapFixture, userFixture } from '../test/bootstrap-fixture';

const grant = (...names: string[]) => names.map((name) => ({ name, restrictions: [] }));
const page = <T,>(data: T[], current = 1, last = 1) => ({
  pagination: { data, current_page: current, per_page: 20, total: data.length, last_page: last },
});

const answers: Record<string, unknown> = {
  '/api/v1/logs/schedule': {
    tasks: [
      {
        name: 'sessions:prune',
        description: 'Delete expired sessions',
        every_minutes: 60,
        runs: [
          {
            id: 1,
            outcome: 'failed',
            detail: 'database away',
            duration_ms: 12,
            started_at: '2030-01-01T10:00:00.000Z',
            finished_at: '2030-01-01T10:00:00.012Z',
          },
        ],
      },
      {
        name: 'similar-artists:recompute',
        description: 'Recompute similar artists',
        every_minutes: 1440,
        runs: [],
      },
    ],
  },
  '/api/v1/logs/error': page(
    [
      {
        id: 7,
        request_id: 'req-42abc',
        method: 'GET',
        url: '/api/v1/tracks',
        status: 500,
        exception: 'TypeError',
        message: 'boom',
        stack: null,
        user_id: null,
        created_at: '2030-01-01T10:00:00.000Z',
      },
    ],
    1,
    3,
  ),
  '/api/v1/logs/outgoing-email': page([]),
};
const requested: URL[] = [];

beforeEach(() => {
  requested.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      requested.push(url);
      const body = answers[url.pathname];
      return new Response(JSON.stringify(body ?? { message: 'Not found' }), {
        status: body ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderLogs(permissions: string[], entry = '/admin/logs') {
  setBootstrapData({ ...bootstrapFixture(), user: { ...userFixture(), permissions: grant(...permissions) } });
  const router = createAppMemoryRouter({
    routes,
    basename: '/admin',
    initialEntries: [entry],
    hasOfflineRedirects: false,
  });
  await act(async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  return router;
}

describe('/admin/logs', () => {
  it('opens on the schedule: each task with its last run, duration and outcome', async () => {
    await renderLogs(['admin.access', 'logs.view']);
    const table = await screen.findByRole('table', { name: 'Scheduled tasks' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('sessions:prune');
    expect(rows[1]?.textContent).toContain('12 ms');
    expect(rows[1]?.textContent).toContain('failed');
    expect(rows[1]?.textContent).toContain('database away');
    expect(rows[2]?.textContent).toContain('Never');
    expect(screen.getByRole('link', { name: 'Schedule' }).getAttribute('aria-current')).toBe('page');
  });

  it('answers each tab at its own address, the default one by its name too', async () => {
    const router = await renderLogs(['admin.access', 'logs.view'], '/admin/logs/schedule');
    expect(await screen.findByRole('table', { name: 'Scheduled tasks' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Schedule' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Error' }).getAttribute('href')).toBe('/admin/logs/error');
    await act(async () => router.navigate('/logs/outgoing-email'));
    expect(await screen.findByText('Nothing to show yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Outgoing email' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Schedule' }).getAttribute('aria-current')).toBeNull();
  });

  it('is the 404 page for a tab that does not exist, and follows an old ?tab= link', async () => {
    await renderLogs(['admin.access', 'logs.view'], '/admin/logs/nope');
    expect(await screen.findByTestId('not-found-page')).toBeTruthy();
    cleanup();
    const router = await renderLogs(['admin.access', 'logs.view'], '/admin/logs?tab=error');
    expect(await screen.findByRole('table', { name: 'Server errors' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/logs/error');
  });

  it('shows the error log paginated with request ids, the page in the address, and an empty mail log', async () => {
    const router = await renderLogs(['admin.access', 'logs.view'], '/admin/logs/error');
    const table = await screen.findByRole('table', { name: 'Server errors' });
    expect(table.textContent).toContain('req-42abc');
    expect(table.textContent).toContain('500 GET /api/v1/tracks');
    expect(screen.getByRole('button', { name: 'Download latest' })).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    expect(router.state.location.search).toContain('page=2');
    expect(
      requested.some((url) => url.pathname === '/api/v1/logs/error' && url.searchParams.get('page') === '2'),
    ).toBe(true);

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Outgoing email' })));
    expect(router.state.location.pathname).toBe('/admin/logs/outgoing-email');
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Nothing to show yet.')).toBeTruthy();
  });

  it('is the 404 page without logs.view', async () => {
    await renderLogs(['admin.access']);
    expect(await screen.findByTestId('not-found-page')).toBeTruthy();
    expect(requested).toHaveLength(0);
  });
});
