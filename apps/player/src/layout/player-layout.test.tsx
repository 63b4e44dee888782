import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createAppMemoryRouter } from '@cadence/app-shell/create-app-router';
import { createQueryClient } from '@cadence/app-shell/query-client';
import type { TBootstrapData } from '@cadence/contracts/bootstrap';
import type { TMenu } from '@cadence/contracts/menu';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createRoutes } from '../router';
import { bootstrapFixture, userFixture } from '../test/bootstrap-fixture';

const menus: TMenu[] = [
  {
    id: 'p',
    name: 'Primary',
    positions: ['sidebar-primary'],
    items: [
      {
        id: 'a',
        label: 'Genres',
        type: 'route',
        action: '/genres',
        roles: [],
        permissions: [],
        settings: {},
        order: 0,
      },
      {
        id: 'b',
        label: 'Staff only',
        type: 'route',
        action: '/staff',
        roles: [],
        permissions: ['admin.access'],
        settings: {},
        order: 1,
      },
    ],
  },
  {
    id: 'd',
    name: 'Dropdown',
    positions: ['auth-dropdown'],
    items: [
      {
        id: 'c',
        label: 'Admin area',
        type: 'route',
        action: '/admin',
        roles: [],
        permissions: [],
        settings: {},
        order: 0,
      },
    ],
  },
];

async function renderPlayer(path: string, data: TBootstrapData) {
  setBootstrapData(data);
  const queryClient = createQueryClient();
  const router = createAppMemoryRouter({ routes: createRoutes(queryClient), initialEntries: [path] });
  await act(async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  return router;
}

describe('player shell', () => {
  afterEach(cleanup);

  it('renders the home page with the sidebar menu filtered by permissions', async () => {
    await renderPlayer('/', { ...bootstrapFixture(), menus });
    // The home page chunk now brings the channel view; a cold transform can take over a second.
    expect(await screen.findByTestId('home-page', {}, { timeout: 5000 })).toBeTruthy();
    const sidebar = screen.getByTestId('sidebar-primary');
    expect(within(sidebar).getByRole('link', { name: 'Genres' }).getAttribute('href')).toBe('/genres');
    expect(within(sidebar).queryByText('Staff only')).toBeNull();
  });

  it('offers Register and Login to guests, without Register when registration is disabled', async () => {
    await renderPlayer('/', bootstrapFixture());
    expect(screen.getByRole('link', { name: 'Register' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
    cleanup();
    const closed = bootstrapFixture();
    closed.settings.registration.disable = true;
    await renderPlayer('/', closed);
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
  });

  it('shows the account menu instead of Register/Login for a signed-in user', async () => {
    await renderPlayer('/', { ...bootstrapFixture(), user: userFixture() });
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    const trigger = screen.getByTestId('user-menu-trigger');
    expect(trigger.tagName).toBe('BUTTON');
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
  });

  it('loads the account menu on first press and lists the spec 2.5 items', async () => {
    await renderPlayer('/', { ...bootstrapFixture(), user: userFixture() });
    const trigger = await screen.findByRole('button', { name: /^Account/ });
    await act(async () => trigger.click());
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profile page' }).getAttribute('href')).toMatch(
      /^\/user\//,
    );
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeTruthy();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
  });

  it('opens the footer language picker from the keyboard with the current language selected', async () => {
    const data = bootstrapFixture();
    data.localizations = [
      { id: 1, name: 'English', language: 'en' },
      { id: 2, name: 'Français', language: 'fr' },
    ];
    await renderPlayer('/', data);
    const footer = await screen.findByTestId('site-footer');
    const trigger = within(footer).getByRole('button', { name: 'English' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    act(() => trigger.focus());
    await act(async () =>
      trigger.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true })),
    );
    const menu = await screen.findByRole('menu', { name: 'Language' });
    expect(within(menu).getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(within(menu).getByRole('menuitemradio', { name: 'Français' }).getAttribute('aria-checked')).toBe(
      'false',
    );
  });

  it('prints the copyright line with the year and site name', async () => {
    await renderPlayer('/', bootstrapFixture());
    expect(screen.getByTestId('site-footer').textContent).toContain(`© ${new Date().getFullYear()} Cadence`);
  });

  it('shows the offline page and the 404 page', async () => {
    await renderPlayer('/offline', bootstrapFixture());
    expect(screen.getByTestId('offline-page').textContent).toContain('You are offline.');
    cleanup();
    // One and two segments are channel paths (spec 2.11); deeper unknown paths are the 404 page.
    await renderPlayer('/nothing/here/at/all', bootstrapFixture());
    expect(screen.getByTestId('not-found-page')).toBeTruthy();
  });
});
