import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Waveform, type WaveformSeek } from './waveform';

afterEach(cleanup);

function renderWaveform(seek: Partial<WaveformSeek> | null = {}) {
  const client = new QueryClient();
  // Peaks already cached: the bars render without a request.
  client.setQueryData(['tracks', 7, 'wave'], { waveform: [0.2, 0.9, 0.5, 0.4] });
  const onSeek = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <Waveform
        trackId={7}
        percent={25}
        seek={seek ? { label: 'Seek', position: 50, duration: 200, onSeek, ...seek } : undefined}
      />
    </QueryClientProvider>,
  );
  return onSeek;
}

describe('Waveform', () => {
  it('is a picture only without seek', () => {
    renderWaveform(null);
    expect(screen.getByTestId('waveform')).toBeTruthy();
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('is a labelled slider with the time as its value text', () => {
    renderWaveform({ position: 65, duration: 200 });
    const slider = screen.getByRole('slider', { name: 'Seek' });
    expect(slider.getAttribute('tabindex')).toBe('0');
    expect(slider.getAttribute('aria-valuemin')).toBe('0');
    expect(slider.getAttribute('aria-valuemax')).toBe('200');
    expect(slider.getAttribute('aria-valuenow')).toBe('65');
    expect(slider.getAttribute('aria-valuetext')).toBe('1:05 / 3:20');
    expect(slider.className).toContain('focus-visible:ring-2');
  });

  it.each([
    ['ArrowRight', 55],
    ['ArrowUp', 55],
    ['ArrowLeft', 45],
    ['ArrowDown', 45],
    ['PageUp', 70],
    ['PageDown', 30],
    ['Home', 0],
    ['End', 200],
  ])('%s seeks to %i s', (key, expected) => {
    const onSeek = renderWaveform();
    const slider = screen.getByRole('slider');
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    slider.dispatchEvent(event);
    expect(onSeek).toHaveBeenCalledWith(expected);
    expect(event.defaultPrevented).toBe(true);
  });

  it('clamps at both ends and leaves other keys alone', () => {
    const onSeek = renderWaveform({ position: 198 });
    const slider = screen.getByRole('slider');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(onSeek).toHaveBeenLastCalledWith(200);
    fireEvent.keyDown(slider, { key: 'Tab' });
    fireEvent.keyDown(slider, { key: 'a' });
    expect(onSeek).toHaveBeenCalledTimes(1);
  });

  it('seeks to the clicked moment', () => {
    const onSeek = renderWaveform();
    const slider = screen.getByRole('slider');
    slider.getBoundingClientRect = () => ({ left: 100, width: 400 }) as DOMRect;
    fireEvent.click(slider, { clientX: 200 });
    expect(onSeek).toHaveBeenCalledWith(50);
  });

  it('does nothing while the duration is unknown', () => {
    const onSeek = renderWaveform({ duration: 0, position: 0 });
    const slider = screen.getByRole('slider');
    expect(slider.getAttribute('aria-disabled')).toBe('true');
    fireEvent.keyDown(slider, { key: 'End' });
    fireEvent.click(slider, { clientX: 10 });
    expect(onSeek).not.toHaveBeenCalled();
  });
});
