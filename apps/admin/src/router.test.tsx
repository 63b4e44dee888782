import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createAppMemoryRouter } from '@cadence/app-shell/create-app-router';
import { createQueryClient } from '@cadence/app-shell/query-client';
import type { TBootstrapData } from '@cadence/contracts/bootstrap';
import type { TMenu } from '@cadence/contracts/menu';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from './router';
import { bootstrapFixture, userFixture } from './test/bootstrap-fixture';

const item = (id: string, label: string, action: string, permission: string) => ({
  id,
  label,
  type: 'route' as const,
  action,
  roles: [],
  permissions: [permission],
  settings: {},
  order: 0,
});

const adminMenu: TMenu = {
  id: 'm',
  name: 'Admin Sidebar',
  positions: ['admin-sidebar'],
  items: [
    item('a', 'Analytics', '/admin', 'admin.access'),
    item('u', 'Users', '/admin/users', 'users.update'),
    item('s', 'Settings', '/admin/settings', 'settings.update'),
  ],
};

async function renderAdmin(data: TBootstrapData, entry = '/admin') {
  setBootstrapData({ ...data, menus: [adminMenu] });
  const router = createAppMemoryRouter({
    routes,
    basename: '/admin',
    initialEntries: [entry],
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

const grant = (...names: string[]) => names.map((name) => ({ name, restrictions: [] }));

describe('admin shell', () => {
  afterEach(cleanup);

  it('shows the landing page and only the sidebar items the user may use', async () => {
    await renderAdmin({
      ...bootstrapFixture(),
      user: { ...userFixture(), permissions: grant('admin.access', 'users.update') },
    });
    expect(await screen.findByTestId('admin-dashboard')).toBeTruthy();
    const sidebar = screen.getByTestId('admin-sidebar');
    expect(within(sidebar).getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/admin/users');
    expect(within(sidebar).queryByText('Settings')).toBeNull();
  });

  it('shows the 404 page to a signed-in user without admin.access', async () => {
    await renderAdmin({ ...bootstrapFixture(), user: userFixture() });
    expect(await screen.findByTestId('not-found-page')).toBeTruthy();
    expect(screen.queryByTestId('admin-sidebar')).toBeNull();
  });

  it('opens the appearance editor and the ads page only with their permissions', async () => {
    await renderAdmin(
      { ...bootstrapFixture(), user: { ...userFixture(), permissions: grant('admin.access') } },
      '/admin/appearance',
    );
    expect(await screen.findByTestId('not-found-page')).toBeTruthy();
    cleanup();
    await renderAdmin(
      { ...bootstrapFixture(), user: { ...userFixture(), permissions: grant('admin.access') } },
      '/admin/ads',
    );
    expect(await screen.findByTestId('not-found-page')).toBeTruthy();
  });
});
