import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createQueryClient } from '@cadence/app-shell/query-client';
import { dismissToast, getToast } from '@cadence/app-shell/toast-store';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRACKS_DRAG_TYPE } from '../features/tracks/track-drag';
import { bootstrapFixture, userFixture } from '../test/bootstrap-fixture';
import { SidebarPlaylists } from './sidebar-playlists';

afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
});

const playlist = (id: number, name: string) => ({ id, name, image: null, public: true, owner_id: 7 });

function renderSidebar() {
  const added: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input as Request;
      const url = new URL(request.url);
      if (request.method === 'POST') {
        added.push({ url: url.pathname, body: await request.json() });
        return Response.json({ message: 'ok' });
      }
      const data = [playlist(1, 'Road trip'), playlist(2, 'Focus')];
      return Response.json({ pagination: { data, current_page: 1, per_page: 100, total: 2, last_page: 1 } });
    }),
  );
  setBootstrapData({ ...bootstrapFixture(), user: userFixture() });
  const router = createMemoryRouter([{ path: '*', element: <SidebarPlaylists /> }]);
  render(
    <QueryClientProvider client={createQueryClient(() => {})}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return added;
}

/** What a browser hands a drop target: the types during dragover, the data on drop. */
const dragOf = (entries: Record<string, string>) => ({
  types: Object.keys(entries),
  getData: (type: string) => entries[type] ?? '',
  dropEffect: 'none',
});

describe('dropping tracks on a sidebar playlist', () => {
  it('accepts dragged track rows, marks the target and adds the tracks to that playlist', async () => {
    const added = renderSidebar();
    const focus = await screen.findByRole('link', { name: 'Focus' });
    const dataTransfer = dragOf({ [TRACKS_DRAG_TYPE]: '[4,9]', 'text/plain': 'links' });
    fireEvent.dragOver(focus, { dataTransfer });
    expect(focus.getAttribute('data-drop-target')).toBe('true');
    expect(dataTransfer.dropEffect).toBe('copy');
    fireEvent.drop(focus, { dataTransfer });
    expect(focus.getAttribute('data-drop-target')).toBeNull();
    await waitFor(() =>
      expect(added).toEqual([{ url: '/api/v1/playlists/2/tracks', body: { track_ids: [4, 9] } }]),
    );
    await waitFor(() => expect(getToast()).toMatchObject({ message: 'Added to "Focus"', type: 'positive' }));
  });

  it('is no drop target for other drags (text, files, links)', async () => {
    const added = renderSidebar();
    const roadTrip = await screen.findByRole('link', { name: 'Road trip' });
    const dataTransfer = dragOf({ 'text/plain': '[4,9]' });
    fireEvent.dragOver(roadTrip, { dataTransfer });
    expect(roadTrip.getAttribute('data-drop-target')).toBeNull();
    fireEvent.drop(roadTrip, { dataTransfer });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(added).toEqual([]);
  });
});
