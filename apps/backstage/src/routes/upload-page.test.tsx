import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createAppMemoryRouter } from '@cadence/app-shell/create-app-router';
import { createQueryClient } from '@cadence/app-shell/query-client';
import { dismissToast, getToast } from '@cadence/app-shell/toast-store';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
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
});
