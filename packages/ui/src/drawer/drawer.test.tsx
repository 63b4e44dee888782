import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from '../button/button';
import { Drawer, DrawerTrigger } from './drawer';

function Example() {
  return (
    <DrawerTrigger>
      <Button>Menu</Button>
      <Drawer title="Navigation" closeLabel="Close navigation">
        <a href="#a">First</a>
      </Drawer>
    </DrawerTrigger>
  );
}

function Controlled() {
  const [isOpen, setOpen] = useState(true);
  return (
    <>
      <Drawer title="Navigation" isOpen={isOpen} onOpenChange={setOpen}>
        <button type="button" onClick={() => setOpen(false)}>
          Go
        </button>
      </Drawer>
      <span>{isOpen ? 'open' : 'closed'}</span>
    </>
  );
}

describe('Drawer', () => {
  it('opens from its trigger as a modal dialog named by its title, and marks the trigger expanded', async () => {
    render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Menu' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(trigger);
    expect(screen.getByRole('dialog', { name: 'Navigation' })).toBeTruthy();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
  });

  it('closes on Escape and on its close button', async () => {
    render(<Example />);
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close navigation' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes from code when controlled', async () => {
    render(<Controlled />);
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('closed')).toBeTruthy();
  });
});
