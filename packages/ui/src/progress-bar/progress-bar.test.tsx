import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProgressBar } from './progress-bar';

describe('ProgressBar', () => {
  afterEach(() => vi.useRealTimers());

  it('is indeterminate without a value', () => {
    render(<ProgressBar label="Loading page" isPageTop />);
    const bar = screen.getByRole('progressbar', { name: 'Loading page' });
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    expect(bar.className).toContain('fixed');
  });

  it('reports and draws a determinate value', () => {
    render(<ProgressBar value={40} label="Uploading" />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('40%');
  });

  it('appears only after its delay while loading', () => {
    vi.useFakeTimers();
    const { rerender } = render(<ProgressBar isPageTop delay={50} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => vi.advanceTimersByTime(50));
    expect(screen.getByRole('progressbar')).toBeTruthy();
    rerender(<ProgressBar isPageTop delay={50} isLoading={false} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
