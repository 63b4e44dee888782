import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBootstrapData } from './bootstrap-store';
import { RouteSpinnerView, TopProgressBarView } from './loading-indicators';
import { makeBootstrap } from './test/fixtures';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('route loading indicators (spec 2.1, 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setBootstrapData(makeBootstrap());
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the spinner only after 500 ms of loading', () => {
    render(<RouteSpinnerView isLoading />);
    advance(499);
    expect(screen.queryByTestId('route-spinner')).toBeNull();
    advance(1);
    expect(screen.queryByTestId('route-spinner')).not.toBeNull();
  });

  it('never shows the spinner for loading shorter than 500 ms', () => {
    const view = render(<RouteSpinnerView isLoading />);
    advance(400);
    view.rerender(<RouteSpinnerView isLoading={false} />);
    advance(1000);
    expect(screen.queryByTestId('route-spinner')).toBeNull();
  });

  it('keeps the spinner at least 200 ms once shown', () => {
    const view = render(<RouteSpinnerView isLoading />);
    advance(520);
    view.rerender(<RouteSpinnerView isLoading={false} />);
    advance(179);
    expect(screen.queryByTestId('route-spinner')).not.toBeNull();
    advance(1);
    expect(screen.queryByTestId('route-spinner')).toBeNull();
  });

  it('shows the top progress bar when loading lasts more than 50 ms', () => {
    const view = render(<TopProgressBarView isLoading />);
    advance(49);
    expect(screen.queryByTestId('top-progress-bar')).toBeNull();
    advance(1);
    expect(screen.queryByTestId('top-progress-bar')).not.toBeNull();
    view.rerender(<TopProgressBarView isLoading={false} />);
    expect(screen.queryByTestId('top-progress-bar')).toBeNull();
  });
});
