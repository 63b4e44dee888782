import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastView, ToastViewport } from './toast';

describe('ToastView', () => {
  it('announces positive toasts politely with role status', () => {
    render(<ToastView type="positive" message="Email sent" />);
    expect(screen.getByRole('status').textContent).toContain('Email sent');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces danger toasts assertively with role alert', () => {
    render(<ToastView type="danger" message="An error occurred. Please try again later" />);
    expect(screen.getByRole('alert').textContent).toContain('An error occurred');
  });

  it('shows a progress indicator for loading toasts', () => {
    render(<ToastView type="loading" message="Uploading" />);
    expect(screen.getByRole('status').textContent).toContain('Uploading');
    expect(screen.getByRole('progressbar')).toBeTruthy();
  });

  it('runs the action and the close callback', async () => {
    const onAction = vi.fn();
    const onClose = vi.fn();
    render(
      <ToastView
        type="positive"
        message="Removed from library"
        action={{ label: 'Undo', onAction }}
        onClose={onClose}
        closeLabel="Dismiss"
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('has no close button unless onClose is given', () => {
    render(<ToastView type="positive" message="Saved" />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('renders inside a viewport', () => {
    render(
      <ToastViewport>
        <ToastView type="positive" message="Saved" />
      </ToastViewport>,
    );
    expect(screen.getByRole('status').parentElement!.className).toContain('fixed');
  });
});
