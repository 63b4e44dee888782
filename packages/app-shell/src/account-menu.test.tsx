import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountMenu } from './account-menu';
import { setBootstrapData } from './bootstrap-store';
import { makeBootstrap, makeUser } from './test/fixtures';

function renderMenu() {
  const router = createMemoryRouter([{ path: '/', element: <AccountMenu /> }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('AccountMenu (admin and backstage)', () => {
  afterEach(cleanup);

  it('renders nothing for a guest', () => {
    setBootstrapData(makeBootstrap({ user: null }));
    renderMenu();
    expect(screen.queryByRole('button', { name: /^Account/ })).toBeNull();
  });

  it('is a native menu button whose items load on first use and open from the keyboard', async () => {
    setBootstrapData(makeBootstrap({ user: makeUser({ name: 'Ada Admin' }) }));
    renderMenu();
    const trigger = screen.getByRole('button', { name: /^Account/ });
    expect(trigger.tagName).toBe('BUTTON');
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.textContent).toBe('Ada Admin');
    expect(trigger.getAttribute('aria-label')).toBe('Account: Ada Admin');
    act(() => trigger.focus());
    await userEvent.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Web player' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeTruthy();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
  });
});
