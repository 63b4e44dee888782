import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { createMemoryRouter, Outlet } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageScrollRestoration, SCROLL_POSITIONS_KEY } from './page-scroll-restoration';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

function renderRoutes(
  Restoration = PageScrollRestoration,
  initialEntries: { pathname: string; key?: string }[] = [{ pathname: '/list' }],
) {
  function Shell() {
    return (
      <div id="scroll-container" style={{ overflowY: 'auto' }}>
        <Outlet />
        <Restoration containerId="scroll-container" />
      </div>
    );
  }
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/list', element: <p>List</p> },
          { path: '/detail', element: <p>Detail</p> },
          { path: '/other', element: <p>Other</p> },
        ],
      },
    ],
    { initialEntries },
  );
  render(<RouterProvider router={router} />);
  const box = document.getElementById('scroll-container') as HTMLElement;
  const scrollTo = (top: number) => {
    box.scrollTop = top;
    fireEvent.scroll(box);
  };
  return { router, box, scrollTo };
}

describe('PageScrollRestoration', () => {
  it('starts new pages at the top and restores the scroll box on back and forward', async () => {
    const { router, box, scrollTo } = renderRoutes();
    scrollTo(2400);
    await act(() => router.navigate('/detail'));
    expect(box.scrollTop).toBe(0);
    scrollTo(300);
    await act(() => router.navigate(-1));
    expect(box.scrollTop).toBe(2400);
    await act(() => router.navigate(1));
    expect(box.scrollTop).toBe(300);
  });

  it('does not write the new scroll box on the first page (a forced layout of the whole page)', async () => {
    const writes: number[] = [];
    const setter = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop')?.set;
    const spy = vi.spyOn(Element.prototype, 'scrollTop', 'set').mockImplementation(function (
      this: Element,
      value: number,
    ) {
      if (this.id === 'scroll-container') writes.push(value);
      setter?.call(this, value);
    });
    try {
      // An entry no earlier test saved a position for: a first visit, not a reload.
      const { router, box, scrollTo } = renderRoutes(PageScrollRestoration, [
        { pathname: '/list', key: 'first-visit' },
      ]);
      expect(writes).toEqual([]);
      scrollTo(800);
      writes.length = 0;
      await act(() => router.navigate('/detail'));
      // Later pages still start at the top.
      expect(writes).toEqual([0]);
      expect(box.scrollTop).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('keeps positions per history entry, not per path', async () => {
    const { router, box, scrollTo } = renderRoutes();
    scrollTo(500);
    await act(() => router.navigate('/other'));
    await act(() => router.navigate('/list'));
    // A fresh visit of the same path is a new entry: it starts at the top.
    expect(box.scrollTop).toBe(0);
    scrollTo(90);
    await act(() => router.navigate(-2));
    expect(box.scrollTop).toBe(500);
  });

  it('keeps the positions through a reload of the tab, for the entry that was showing', async () => {
    const { router, scrollTo } = renderRoutes();
    scrollTo(700);
    const key = router.state.location.key;
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}')).toMatchObject({ [key]: 700 });
    cleanup();

    // A reload: the module starts again from storage and the router from the same entry (POP).
    vi.resetModules();
    const reloaded = await import('./page-scroll-restoration');
    const { box } = renderRoutes(reloaded.PageScrollRestoration, [{ pathname: '/list', key }]);
    expect(box.scrollTop).toBe(700);
  });

  it('reads no stored positions for the first page of a plain navigation, until one is needed', async () => {
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify({ older: 400 }));
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { type: 'navigate' } as PerformanceNavigationTiming,
    ]);
    const read = vi.spyOn(Storage.prototype, 'getItem');
    // The router reads its own key (view transitions) as it starts: only the positions' count here.
    const readsOfPositions = () => read.mock.calls.filter(([key]) => key === SCROLL_POSITIONS_KEY).length;
    vi.resetModules();
    const reloaded = await import('./page-scroll-restoration');
    const { router, box, scrollTo } = renderRoutes(reloaded.PageScrollRestoration, [
      { pathname: '/list', key: 'older' },
    ]);
    expect(readsOfPositions()).toBe(0);
    // A new document's first entry has no offset of its own, even under a key seen before.
    expect(box.scrollTop).toBe(0);
    scrollTo(250);
    expect(readsOfPositions()).toBe(1);
    await act(() => router.navigate('/detail'));
    await act(() => router.navigate(-1));
    expect(box.scrollTop).toBe(250);
    window.dispatchEvent(new Event('pagehide'));
    vi.restoreAllMocks();
    // The older entries read on the first scroll are kept beside the new one.
    expect(JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}')).toMatchObject({ older: 250 });
  });

  it('starts from nothing when the stored positions are damaged', async () => {
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, '{not json');
    vi.resetModules();
    const reloaded = await import('./page-scroll-restoration');
    const { box } = renderRoutes(reloaded.PageScrollRestoration, [{ pathname: '/list', key: 'x' }]);
    expect(box.scrollTop).toBe(0);
  });
});
