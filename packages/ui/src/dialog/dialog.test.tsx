import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../button/button';
import { Dialog, DialogBody, DialogFooter, DialogHeader, DialogTrigger } from './dialog';
import { DIALOG_WIDTHS } from './dialog-sizes';

function Example({ size }: { size?: 'xs' | '3xl' }) {
  return (
    <DialogTrigger>
      <Button>Open</Button>
      <Dialog size={size}>
        <DialogHeader>Delete track</DialogHeader>
        <DialogBody>Are you sure?</DialogBody>
        <DialogFooter>
          <Button slot="close" variant="text">
            Cancel
          </Button>
        </DialogFooter>
      </Dialog>
    </DialogTrigger>
  );
}

describe('Dialog', () => {
  it('opens from its trigger as a modal dialog named by its title', async () => {
    render(<Example />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete track' });
    expect(dialog.textContent).toContain('Are you sure?');
  });

  it('closes on Escape', async () => {
    render(<Example />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes from the header close button and from a slot="close" button', async () => {
    render(<Example />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('maps sizes to the spec widths of 256 to 1280 px', async () => {
    expect(Math.min(...Object.values(DIALOG_WIDTHS))).toBe(256);
    expect(Math.max(...Object.values(DIALOG_WIDTHS))).toBe(1280);
    render(<Example size="xs" />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const modal = screen.getByRole('dialog').parentElement!;
    expect(modal.style.width).toBe('256px');
  });

  it('works controlled and reports closing through onOpenChange', async () => {
    const onOpenChange = vi.fn();
    render(
      <Dialog isOpen onOpenChange={onOpenChange} aria-label="Error">
        <DialogBody>Boom</DialogBody>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Error' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('stays open on Escape when keyboard dismissal is disabled', async () => {
    const onOpenChange = vi.fn();
    render(
      <Dialog isOpen onOpenChange={onOpenChange} isKeyboardDismissDisabled aria-label="Confirm">
        <DialogBody>Must choose</DialogBody>
      </Dialog>,
    );
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
