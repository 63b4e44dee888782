import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IconButton } from '../icon-button/icon-button';
import { TOOLTIP_CLOSE_DELAY_MS, TOOLTIP_DELAY_MS, Tooltip } from './tooltip';

function Example() {
  return (
    <Tooltip label="Shuffle">
      <IconButton aria-label="Shuffle">
        <svg aria-hidden="true" />
      </IconButton>
    </Tooltip>
  );
}

describe('Tooltip', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the spec delays', () => {
    expect(TOOLTIP_DELAY_MS).toBe(1500);
    expect(TOOLTIP_CLOSE_DELAY_MS).toBe(500);
  });

  it('opens on hover only after 1500 ms and closes 500 ms after leaving', () => {
    render(<Example />);
    const button = screen.getByRole('button', { name: 'Shuffle' });
    // react-aria ignores hover that it thinks came from touch until a pointer moves.
    fireEvent.pointerMove(document.body, { pointerType: 'mouse' });
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    fireEvent.mouseEnter(button);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 100));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('tooltip').textContent).toBe('Shuffle');

    fireEvent.pointerLeave(button, { pointerType: 'mouse' });
    fireEvent.mouseLeave(button);
    act(() => vi.advanceTimersByTime(TOOLTIP_CLOSE_DELAY_MS - 100));
    expect(screen.getByRole('tooltip')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens at once on keyboard focus and describes the trigger', () => {
    render(<Example />);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    act(() => screen.getByRole('button', { name: 'Shuffle' }).focus());
    const tooltip = screen.getByRole('tooltip');
    expect(screen.getByRole('button', { name: 'Shuffle' }).getAttribute('aria-describedby')).toBe(tooltip.id);
  });
});
