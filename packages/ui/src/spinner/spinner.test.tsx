import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Spinner } from './spinner';

describe('Spinner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is an indeterminate progressbar with an accessible name', () => {
    render(<Spinner label="Loading tracks" />);
    const bar = screen.getByRole('progressbar', { name: 'Loading tracks' });
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
  });

  it('renders only after the delay', () => {
    render(<Spinner delay={500} minVisibleMs={200} />);
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('progressbar')).toBeTruthy();
  });

  it('never appears when loading ends before the delay', () => {
    const { rerender } = render(<Spinner delay={500} minVisibleMs={200} />);
    act(() => vi.advanceTimersByTime(400));
    rerender(<Spinner delay={500} minVisibleMs={200} isLoading={false} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('stays visible for the minimum time once shown', () => {
    const { rerender } = render(<Spinner delay={500} minVisibleMs={200} />);
    act(() => vi.advanceTimersByTime(550));
    rerender(<Spinner delay={500} minVisibleMs={200} isLoading={false} />);
    act(() => vi.advanceTimersByTime(149));
    expect(screen.getByRole('progressbar')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('hides at once when it was shown longer than the minimum', () => {
    const { rerender } = render(<Spinner delay={500} minVisibleMs={200} />);
    act(() => vi.advanceTimersByTime(1000));
    rerender(<Spinner delay={500} minVisibleMs={200} isLoading={false} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
