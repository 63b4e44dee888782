import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NavLink, Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { SideNavLayout, sideNavItemClass } from './side-nav-layout';

function Layout() {
  return (
    <SideNavLayout
      area="test"
      navLabel="Admin"
      brand={<span>Logo</span>}
      nav={
        <ul>
          <li>
            <NavLink to="/" end className={sideNavItemClass}>
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to="/users" className={sideNavItemClass}>
              Users
            </NavLink>
          </li>
        </ul>
      }
      actions={<button type="button">Account</button>}
    >
      <Outlet />
    </SideNavLayout>
  );
}

const routes = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <h1>Home page</h1> },
      { path: 'users', element: <h1>Users page</h1> },
    ],
  },
];

describe('SideNavLayout', () => {
  afterEach(cleanup);

  it('opens the navigation in a labelled drawer from the menu button', async () => {
    await renderRoutes(routes, '/');
    const button = screen.getByRole('button', { name: 'Open navigation' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(button);
    const drawer = screen.getByRole('dialog', { name: 'Admin' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('test-drawer').contains(drawer)).toBe(false);
    expect(drawer.contains(screen.getByTestId('test-drawer'))).toBe(true);
  });

  it('closes when a link in it changes the route, and puts the focus on the new page', async () => {
    const router = await renderRoutes(routes, '/');
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = screen.getByTestId('test-drawer');
    await userEvent.click(drawer.querySelector('a[href="/users"]') as HTMLElement);
    await screen.findByRole('heading', { name: 'Users page' });
    expect(router.state.location.pathname).toBe('/users');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
  });

  it('closes when the route changes from elsewhere (Back)', async () => {
    const router = await renderRoutes(routes, '/');
    await router.navigate('/users');
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    await router.navigate(-1);
    await screen.findByRole('heading', { name: 'Home page' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes on Escape and gives the focus back to the menu button', async () => {
    await renderRoutes(routes, '/');
    const button = screen.getByRole('button', { name: 'Open navigation' });
    await userEvent.click(button);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});
