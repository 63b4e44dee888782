import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createAppMemoryRouter } from '@cadence/app-shell/create-app-router';
import { createQueryClient } from '@cadence/app-shell/query-client';
import { dismissToast, getToast } from '@cadence/app-shell/toast-store';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../router';
import { bootstrapFixture, userFixture } from '../test/bootstrap-fixture';

async function renderAt(path: string, permissions: string[]) {
  setBootstrapData({
    ...bootstrapFixture(),
    user: { ...userFixture(), permissions: permissions.map((name) => ({ name, restrictions: [] })) },
  });
  const router = createAppMemoryRouter({
    routes,
    basename: '/backstage',
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
}

/** `GET backstage/overview` answering `requests`, with no artist managed; anything else 404. */
function stubOverview(requests: { id: number; type: string; status: string; created_at: string }[]) {
  const overview = {
    artists: [],
    albums: [],
    tracks: [],
    requests,
    minutes: { limit_minutes: 60, used_minutes: 0, left_minutes: 60 },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL((input as Request).url);
      const isOverview = url.pathname.endsWith('/backstage/overview');
      return new Response(JSON.stringify(isOverview ? overview : { message: 'Not found' }), {
        status: isOverview ? 200 : 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

describe('/backstage/upload', () => {
  afterEach(() => {
    cleanup();
    dismissToast();
    vi.unstubAllGlobals();
  });

  it('tells a user without an artist profile why and how to get one', { timeout: 30_000 }, async () => {
    stubOverview([]);
    await renderAt('/backstage/upload', ['music.create']);
    const note = await screen.findByTestId('no-artist-profile', {}, { timeout: 20_000 });
    expect(note.textContent).toContain('you do not manage one yet, so you cannot publish');
    const become = screen.getByRole('link', { name: 'Become an artist' });
    expect(become.getAttribute('href')).toMatch(/\/become-artist$/);
    expect(become.getAttribute('href')).not.toContain('/backstage/');
  });

  it('points a user whose request waits to that request', { timeout: 30_000 }, async () => {
    stubOverview([{ id: 12, type: 'become_artist', status: 'pending', created_at: '2026-01-01T00:00:00Z' }]);
    await renderAt('/backstage/upload', ['music.create']);
    await screen.findByTestId('no-artist-profile', {}, { timeout: 20_000 });
    expect(screen.getByRole('link', { name: 'View request' }).getAttribute('href')).toBe(
      '/backstage/requests/12/request-submitted',
    );
    expect(screen.queryByRole('link', { name: 'Become an artist' })).toBeNull();
  });

  it('shows the drop zone and picker to a user with music.create', { timeout: 30_000 }, async () => {
    await renderAt('/backstage/upload', ['music.create']);
    // The first lazy load compiles the page and the uploader: slow on a loaded machine.
    expect(await screen.findByTestId('backstage-upload', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Upload' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Browse files' })).toBeTruthy();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('audio/*');
    expect(input.multiple).toBe(true);
  });

  it('refuses a picked file that is neither audio nor an image with a toast', async () => {
    await renderAt('/backstage/upload', ['music.create']);
    await screen.findByTestId('backstage-upload', {}, { timeout: 5000 });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const notes = new File(['just text'], 'notes.txt', { type: 'text/plain' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [notes] } });
    });
    expect(getToast()?.message).toBe('This file type is not allowed');
    expect(getToast()?.type).toBe('danger');
    expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull();
  });

  it('is a 404 without music.create', async () => {
    await renderAt('/backstage/upload', []);
    expect(screen.queryByTestId('backstage-upload')).toBeNull();
    expect(await screen.findByTestId('not-found-page', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('lists the drafts kept on the server, saves edits and deletes one', { timeout: 30_000 }, async () => {
    const draft = (id: number, name: string) => ({
      id,
      file_entry_id: id + 100,
      file_name: `${name}.mp3`,
      name,
      artists: ['Tag Artist'],
      album: 'Saved LP',
      number: id,
      genres: [],
      year: 2025,
      duration: 2000,
      image: null,
      lyrics: null,
      created_at: '2026-11-29T08:00:00.000Z',
      updated_at: '2026-11-29T08:00:00.000Z',
    });
    let saved = [draft(1, 'Morning'), draft(2, 'Evening')];
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        const url = new URL(input.url);
        // PUT and DELETE travel as POST with the method override (spec 7).
        const method = url.searchParams.get('_method') ?? input.method;
        if (url.pathname.startsWith('/api/v1/backstage/drafts')) {
          const body = method === 'PUT' ? JSON.stringify(await input.json()) : '';
          calls.push(`${method} ${url.pathname} ${body}`.trim());
        }
        if (url.pathname === '/api/v1/backstage/drafts' && method === 'GET')
          return Response.json({ drafts: saved });
        if (url.pathname === '/api/v1/backstage/drafts/2' && method === 'DELETE') {
          saved = saved.filter((each) => each.id !== 2);
          return Response.json({ message: 'Draft deleted.' });
        }
        if (url.pathname === '/api/v1/backstage/drafts/1' && method === 'PUT')
          return Response.json({ draft: { ...saved[0], name: 'Sunrise' } });
        return Response.json({ message: 'Not found' }, { status: 404 });
      }),
    );
    try {
      await renderAt('/backstage/upload', ['music.create']);
      const list = await screen.findByRole('list', { name: 'Drafts' }, { timeout: 20_000 });
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);
      expect(screen.getByDisplayValue('Saved LP')).toBeTruthy();

      fireEvent.change(screen.getByDisplayValue('Morning'), { target: { value: 'Sunrise' } });
      await waitFor(() => expect(calls).toContain('PUT /api/v1/backstage/drafts/1 {"name":"Sunrise"}'), {
        timeout: 3000,
      });

      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Delete Evening' }));
      });
      // Asked first: nothing is deleted until the dialog is confirmed.
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete Evening?' });
      expect(calls).not.toContain('DELETE /api/v1/backstage/drafts/2');
      await act(async () => {
        fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      });
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
      expect(calls).toContain('DELETE /api/v1/backstage/drafts/2');
      expect(screen.getByDisplayValue('Sunrise')).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
