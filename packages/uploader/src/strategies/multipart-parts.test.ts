// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ONE_MIB } from '../strategy';
import { DESIRED_PART_SIZE, MAX_PARTS, MIN_PART_SIZE, partSizeFor, planParts } from './multipart-parts';

describe('planParts', () => {
  it('cuts 100 MiB into five 20 MiB parts', () => {
    const parts = planParts(100 * ONE_MIB);
    expect(parts).toHaveLength(5);
    expect(parts.every((part) => part.end - part.start === DESIRED_PART_SIZE)).toBe(true);
  });

  it('grows parts past 20 MiB only when 10000 parts would not do', () => {
    expect(partSizeFor(10_000 * DESIRED_PART_SIZE)).toBe(DESIRED_PART_SIZE);
    expect(partSizeFor(10_000 * DESIRED_PART_SIZE + 1)).toBe(DESIRED_PART_SIZE + 1);
  });

  it('covers every byte once, in at most 10000 parts of at least 5 MiB but the last', () => {
    // Sizes up to 5 TiB, S3's object limit.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 * 1024 ** 4 }), (size) => {
        const parts = planParts(size);
        const isContiguous = parts.every(
          (part, index) => part.partNumber === index + 1 && part.start === (parts[index - 1]?.end ?? 0),
        );
        const areBigEnough = parts.slice(0, -1).every((part) => part.end - part.start >= MIN_PART_SIZE);
        expect({ isContiguous, areBigEnough, end: parts.at(-1)?.end }).toEqual({
          isContiguous: true,
          areBigEnough: true,
          end: size,
        });
        expect(parts.length).toBeLessThanOrEqual(MAX_PARTS);
      }),
      { numRuns: 60 },
    );
  });
});
