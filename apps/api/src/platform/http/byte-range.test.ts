import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range';

describe('parseRange', () => {
  it('keeps every satisfiable range inside the file and non-empty', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.nat(20_000),
        fc.option(fc.nat(20_000)),
        (size, a, b) => {
          const header = b === null ? `bytes=${a}-` : `bytes=${a}-${b}`;
          const range = parseRange(header, size);
          if (a >= size || (b !== null && b < a)) return range === 'unsatisfiable';
          if (range === null || range === 'unsatisfiable') return false;
          return range.start === a && range.end === Math.min(b ?? size - 1, size - 1) && range.end < size;
        },
      ),
    );
  });

  it('serves the last n bytes for suffix ranges', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 20_000 }), (size, n) => {
        const range = parseRange(`bytes=-${n}`, size);
        return (
          range !== null &&
          range !== 'unsatisfiable' &&
          range.end === size - 1 &&
          range.end - range.start + 1 === Math.min(n, size)
        );
      }),
    );
  });

  it('ignores absent headers, other units and multiple ranges', () => {
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange('items=0-1', 10)).toBeNull();
    expect(parseRange('bytes=0-1, 3-4', 10)).toBeNull();
  });

  it('rejects malformed byte ranges and empty files', () => {
    for (const header of ['bytes=', 'bytes=-', 'bytes=a-b', 'bytes=1-2-3', 'bytes= -0', 'bytes=0x10-']) {
      expect(parseRange(header, 100)).toBe('unsatisfiable');
    }
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRange('bytes=-5', 0)).toBe('unsatisfiable');
  });
});
