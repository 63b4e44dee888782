import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setBootstrapData } from './bootstrap-store';
import { makeBootstrap } from './test/fixtures';
import { ToastHost } from './toast-host';
import { dismissToast, toast } from './toast-store';

describe('toast host', () => {
  beforeEach(() => setBootstrapData(makeBootstrap()));
  afterEach(() => {
    act(() => dismissToast());
    cleanup();
  });

  it('shows the current toast, danger as an alert', () => {
    render(<ToastHost />);
    act(() => void toast.danger('Could not save'));
    expect(screen.getByRole('alert').textContent).toContain('Could not save');
    act(() => void toast.positive('Saved'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Saved');
  });

  it('moves focus to the toast on Alt+T', () => {
    render(<ToastHost />);
    act(() => void toast.positive('Saved'));
    fireEvent.keyDown(window, { key: 't', code: 'KeyT', altKey: true });
    expect(screen.getByTestId('toast-host').contains(document.activeElement)).toBe(true);
  });
});
