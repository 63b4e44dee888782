import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../button/button';
import { Menu, MenuItem, MenuSeparator, MenuTrigger } from './menu';

function Example({ onAction }: { onAction: (key: unknown) => void }) {
  return (
    <MenuTrigger>
      <Button>Account</Button>
      <Menu onAction={onAction}>
        <MenuItem id="settings">Account settings</MenuItem>
        <MenuSeparator />
        <MenuItem id="logout">Log out</MenuItem>
      </Menu>
    </MenuTrigger>
  );
}

describe('Menu', () => {
  it('opens from its trigger and runs the chosen item', async () => {
    const onAction = vi.fn();
    render(<Example onAction={onAction} />);
    const trigger = screen.getByRole('button', { name: 'Account' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('true');
    await userEvent.click(trigger);
    expect(screen.getByRole('menu')).toBeTruthy();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(onAction.mock.calls[0]?.[0]).toBe('logout');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('is keyboard operable', async () => {
    const onAction = vi.fn();
    render(<Example onAction={onAction} />);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Enter}');
    expect(onAction.mock.calls[0]?.[0]).toBe('logout');
  });

  it('closes on Escape', async () => {
    render(<Example onAction={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
