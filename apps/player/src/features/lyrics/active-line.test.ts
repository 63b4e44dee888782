import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activeLineIndex } from './active-line';

describe('activeLineIndex', () => {
  it('is the last line that started, as a linear scan says', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(300_000), { maxLength: 60 }), fc.nat(320_000), (times, position) => {
        const lines = [...times].sort((a, b) => a - b).map((time_ms) => ({ time_ms, text: '' }));
        let expected = -1;
        lines.forEach((line, index) => {
          if (line.time_ms <= position) expected = index;
        });
        expect(activeLineIndex(lines, position)).toBe(expected);
      }),
    );
  });
});
