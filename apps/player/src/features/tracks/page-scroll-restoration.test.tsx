import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { createMemoryRouter, Outlet } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { PageScrollRestoration } from './page-scroll-restoration';

afterEach(cleanup);

function Shell() {
  return (
    <div id="scroll-container" style={{ overflowY: 'auto' }}>
      <Outlet />
      <PageScrollRestoration containerId="scroll-container" />
    </div>
  );
}

function renderRoutes() {
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
    { initialEntries: ['/list'] },
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
});
