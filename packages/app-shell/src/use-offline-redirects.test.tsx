import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useOfflineRedirects } from './use-offline-redirects';

function Probe() {
  useOfflineRedirects();
  return null;
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const fire = (type: 'online' | 'offline') => act(() => window.dispatchEvent(new Event(type)));
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('offline / online redirects (spec 2.3)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('goes to /offline 100 ms after the browser goes offline', () => {
    const router = renderAt('/album/1');
    fire('offline');
    advance(99);
    expect(router.state.location.pathname).toBe('/album/1');
    advance(1);
    expect(router.state.location.pathname).toBe('/offline');
  });

  it('goes to /discover 100 ms after the connection returns', () => {
    const router = renderAt('/offline');
    fire('online');
    advance(99);
    expect(router.state.location.pathname).toBe('/offline');
    advance(1);
    expect(router.state.location.pathname).toBe('/discover');
  });

  it('does not navigate when already there', () => {
    const router = renderAt('/offline');
    const entriesBefore = router.state.historyAction;
    fire('offline');
    advance(200);
    expect(router.state.location.pathname).toBe('/offline');
    expect(router.state.historyAction).toBe(entriesBefore);
  });

  it('only follows the last change when the connection flaps within 100 ms', () => {
    const router = renderAt('/search');
    fire('offline');
    advance(50);
    fire('online');
    advance(100);
    expect(router.state.location.pathname).toBe('/discover');
  });
});
