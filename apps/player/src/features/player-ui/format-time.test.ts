import { describe, expect, it } from 'vitest';
import { formatDurationMs, formatTime } from './format-time';

describe('formatTime', () => {
  it('formats minutes and hours', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(65.9)).toBe('1:05');
    expect(formatTime(3725)).toBe('1:02:05');
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(formatDurationMs(215_000)).toBe('3:35');
    expect(formatDurationMs(null)).toBe('0:00');
  });
});
