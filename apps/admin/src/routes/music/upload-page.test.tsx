import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createAppMemoryRouter } from '@cadence/app-shell/create-app-router';
import { createQueryClient } from '@cadence/app-shell/query-client';
import { dismissToast } from '@cadence/app-shell/toast-store';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../router';
import { bootstrapFixture, userFixture } from '../../test/bootstrap-fixture';

const grant = (...names: string[]) => names.map((name) => ({ name, restrictions: [] }));
const published: unknown[] = [];
let savedDrafts: unknown[] = [];
let queryClient = createQueryClient();

/** The plain form upload goes through XMLHttpRequest (fetch has no upload progress). */
class FakeXhr {
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader() {
    return null;
  }
  abort() {}
  send(body: FormData) {
    const file = body.get('file') as File;
    setTimeout(() => {
      this.status = this.url.endsWith('/api/v1/file-entries') ? 200 : 404;
      this.responseText = JSON.stringify({ fileEntry: { id: 41, name: file.name, url: '/x' } });
      this.onload?.();
    }, 0);
  }
}

beforeEach(() => {
  published.length = 0;
  savedDrafts = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      if (url.pathname === '/api/v1/admin/artists') {
        const data = [{ id: 7, name: 'Signed Band', image: null }];
        return Response.json({ pagination: { data, per_page: 20, total: 1, total_capped: false } });
      }
      if (url.pathname === '/api/v1/backstage/drafts' && input.method === 'GET')
        return Response.json({ drafts: published.length ? [] : savedDrafts });
      if (url.pathname === '/api/v1/backstage/drafts') {
        const draft = {
          id: 5,
          file_entry_id: 41,
          file_name: 'song.mp3',
          name: 'Tagged Song',
          artists: ['Someone'],
          album: null,
          number: null,
          genres: [],
          year: null,
          duration: 2000,
          image: null,
          lyrics: null,
          created_at: '2026-11-29T08:00:00.000Z',
          updated_at: '2026-11-29T08:00:00.000Z',
        };
        savedDrafts = [draft];
        return Response.json({ draft });
      }
      if (url.pathname === '/api/v1/backstage/publish') {
        published.push(await input.json());
        return Response.json({ album_id: null, track_ids: [99] }, { status: 201 });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
});

async function renderAt(permissions: string[]) {
  queryClient = createQueryClient();
  setBootstrapData({ ...bootstrapFixture(), user: { ...userFixture(), permissions: grant(...permissions) } });
  const router = createAppMemoryRouter({
    routes,
    basename: '/admin',
    initialEntries: ['/admin/upload'],
    hasOfflineRedirects: false,
  });
  await act(async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
}

const editor = ['admin.access', 'music.create', 'tracks.update'];

describe('/admin/upload', () => {
  it('uploads audio and publishes it as the artist the admin picked', { timeout: 30_000 }, async () => {
    await renderAt(editor);
    // The first lazy load compiles the page and the uploader: slow on a loaded machine.
    expect(await screen.findByTestId('admin-upload', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Upload' })).toBeTruthy();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('audio/*');
    const song = new File([new Uint8Array(64)], 'song.mp3', { type: 'audio/mpeg' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [song] } });
    });
    expect(await screen.findByDisplayValue('Tagged Song', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Singles' }));
    const submit = screen.getByRole('button', { name: 'Publish singles' }) as HTMLButtonElement;
    // No artist chosen yet: nothing to publish as.
    expect(submit.disabled).toBe(true);

    const picker = screen.getByRole('combobox', { name: 'Artist' });
    await act(async () => {
      picker.focus();
      fireEvent.change(picker, { target: { value: 'sig' } });
    });
    await screen.findByRole('option', { name: 'Signed Band' });
    await act(async () => {
      fireEvent.keyDown(picker, { key: 'ArrowDown' });
    });
    await act(async () => {
      fireEvent.keyDown(picker, { key: 'Enter' });
    });
    await waitFor(() => expect(submit.disabled).toBe(false));
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await act(async () => {
      fireEvent.click(submit);
    });
    await screen.findByTestId('publish-done');
    expect(published).toEqual([
      expect.objectContaining({
        mode: 'singles',
        artist_ids: [7],
        album: null,
        tracks: [expect.objectContaining({ file_entry_id: 41, name: 'Tagged Song' })],
      }),
    ]);
    // The admin tables show the new track without waiting for their data to go stale.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['admin-list'] });
    expect(screen.getByRole('link', { name: 'Edit track 99' }).getAttribute('href')).toBe(
      '/admin/tracks/99/edit',
    );
  });

  it('is a 404 without the permission to credit any artist', async () => {
    await renderAt(['admin.access', 'music.create']);
    expect(await screen.findByTestId('not-found-page', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId('admin-upload')).toBeNull();
  });
});
