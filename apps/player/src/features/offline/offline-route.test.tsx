import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootstrapFixture, userFixture } from '../../test/bootstrap-fixture';
import { loadDownloadedList, OfflineRoute } from './offline-route';

// The list's chunk as a fetch of it fails with no network and no worker to answer.
vi.mock('./downloaded-list', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

/** The player frame around /offline, with its error boundary, as in router.tsx. */
function renderOffline(loadList: typeof loadDownloadedList) {
  setBootstrapData({ ...bootstrapFixture(), user: userFixture() });
  // isOfflineSupported(): Cache Storage and a service worker container.
  vi.stubGlobal('caches', {});
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  const router = createMemoryRouter(
    [
      {
        path: '/offline',
        element: (
          <>
            <p>the player bar</p>
            <OfflineRoute loadList={loadList} />
          </>
        ),
        errorElement: <p>the frame's error page</p>,
      },
    ],
    { initialEntries: ['/offline'] },
  );
  render(<RouterProvider router={router} />);
}

describe('the /offline route', () => {
  it('shows the downloads list below the offline page when its chunk loads', async () => {
    renderOffline(async () => ({ default: () => <p>downloaded tracks</p> }));
    expect(await screen.findByText('downloaded tracks')).toBeTruthy();
    expect(screen.getByText('Mode hors ligne')).toBeTruthy();
  });

  it("shows the frame's error page for a list import that rejects (what the fallback prevents)", async () => {
    await act(async () =>
      renderOffline(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
    );
    expect(await screen.findByText("the frame's error page")).toBeTruthy();
  });

  it("keeps the page and the player frame when the list's chunk cannot load (no worker, no network)", async () => {
    await act(async () => renderOffline(loadDownloadedList));
    expect(screen.getByText('Mode hors ligne')).toBeTruthy();
    expect(screen.getByText('the player bar')).toBeTruthy();
    expect(screen.queryByText("the frame's error page")).toBeNull();
  });
});
