import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton, type MenuButtonMenuProps } from './menu-button';

const loadMenu = () => import('./menu');
const ExampleMenu = lazy(() =>
  loadMenu().then(({ MenuPopover, MenuItem }) => ({
    default: ({ onAction, ...props }: MenuButtonMenuProps & { onAction: (key: unknown) => void }) => (
      <MenuPopover {...props} onAction={onAction}>
        <MenuItem id="settings">Account settings</MenuItem>
        <MenuItem id="logout">Log out</MenuItem>
      </MenuPopover>
    ),
  })),
);

function Example({
  onAction = () => {},
  preload = loadMenu,
}: {
  onAction?: (key: unknown) => void;
  preload?: () => Promise<unknown>;
}) {
  return (
    <MenuButton preload={preload} renderMenu={(props) => <ExampleMenu {...props} onAction={onAction} />}>
      Account
    </MenuButton>
  );
}

describe('MenuButton', () => {
  it('starts loading the menu on hover and focus, before any press', async () => {
    const preload = vi.fn(loadMenu);
    render(<Example preload={preload} />);
    await userEvent.hover(screen.getByRole('button', { name: 'Account' }));
    expect(preload).toHaveBeenCalled();
    preload.mockClear();
    await userEvent.tab();
    expect(preload).toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens the menu on click, runs the chosen item and closes', async () => {
    const onAction = vi.fn();
    render(<Example onAction={onAction} />);
    const trigger = screen.getByRole('button', { name: 'Account' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(menu.getAttribute('aria-labelledby')).toBe(trigger.id);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(onAction.mock.calls[0]?.[0]).toBe('logout');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('is keyboard operable: ArrowUp opens on the last item, Escape closes back to the trigger', async () => {
    const onAction = vi.fn();
    render(<Example onAction={onAction} />);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Log out'));
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Account settings');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Account' })));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Account settings'));
    await userEvent.keyboard('{Enter}');
    expect(onAction.mock.calls[0]?.[0]).toBe('settings');
  });
});
