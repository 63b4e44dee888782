import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from './auth/test-helpers/render-route';
import { routeLink } from './route-links';
import { makeBootstrap } from './test/fixtures';

const routes: RouteObject[] = [
  {
    index: true,
    element: <a {...routeLink('/album/7/some/record')}>to the album</a>,
  },
  { path: 'album/:id/:artist/:name', element: <p>album page</p> },
];

const renderApp = () => renderRoutes(routes, '/', makeBootstrap());

describe('route links (plain anchors the shell routes)', () => {
  afterEach(cleanup);

  it('have the address as href and route a plain click without a page load', async () => {
    const router = await renderApp();
    const link = await screen.findByRole('link', { name: 'to the album' });
    expect(link.getAttribute('href')).toBe('/album/7/some/record');
    let clicked: MouseEvent | undefined;
    link.addEventListener('click', (event) => {
      clicked = event;
    });
    await act(async () => {
      fireEvent.click(link);
    });
    expect(await screen.findByText('album page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/album/7/some/record');
    expect(clicked?.defaultPrevented).toBe(true);
  });

  it('leave a modified click (new tab) to the browser', async () => {
    const router = await renderApp();
    const link = await screen.findByRole('link', { name: 'to the album' });
    let clicked: MouseEvent | undefined;
    link.addEventListener('click', (event) => {
      clicked = event;
    });
    await act(async () => {
      fireEvent.click(link, { ctrlKey: true });
    });
    expect(router.state.location.pathname).toBe('/');
    expect(clicked?.defaultPrevented).toBe(false);
  });
});
