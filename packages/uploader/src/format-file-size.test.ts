// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILE_SIZE_UNITS, formatFileSize } from './format-file-size';

describe('formatFileSize', () => {
  it('formats the spec sizes with base 1024', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(500)).toBe('500 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(2097152)).toBe('2 MB');
    expect(formatFileSize(100 * 1024 ** 3)).toBe('100 GB');
    expect(formatFileSize(1024 ** 8)).toBe('1 YB');
    expect(formatFileSize(1024 ** 9)).toBe('1024 YB');
  });

  it('always picks the largest unit that keeps the value at least 1', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.double({ min: 1, max: 1023, noNaN: true }),
        (exponent, mantissa) => {
          const text = formatFileSize(mantissa * 1024 ** exponent);
          const [value, unit] = text.split(' ');
          const shownExponent = FILE_SIZE_UNITS.indexOf(unit as (typeof FILE_SIZE_UNITS)[number]);
          expect(shownExponent === exponent || (shownExponent === exponent + 1 && Number(value) === 1)).toBe(
            true,
          );
          expect(Math.abs(Number(value) - mantissa)).toBeLessThanOrEqual(
            shownExponent === exponent ? 0.05 : 1,
          );
        },
      ),
    );
  });
});
