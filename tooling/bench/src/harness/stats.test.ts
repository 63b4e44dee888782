import { describe, expect, it } from 'vitest';
import { median, meetsGoal, ratioOf, roundTo, summarisePairs } from './stats';

describe('median', () => {
  it('takes the middle of an odd list regardless of order', () => {
    expect(median([5, 1, 3])).toBe(3);
  });

  it('averages the two middle values of an even list', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('does not reorder its input', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  it('refuses an empty list', () => {
    expect(() => median([])).toThrow();
  });
});

describe('ratioOf', () => {
  it('puts ours on top for throughput-like metrics', () => {
    expect(ratioOf({ ceiling: 200, ours: 100 }, 'ours-over-ceiling')).toBe(0.5);
  });

  it('puts the ceiling on top for time and memory so that bigger stays better', () => {
    expect(ratioOf({ ceiling: 100, ours: 300 }, 'ceiling-over-ours')).toBeCloseTo(1 / 3);
  });

  it('gives NaN against a zero divisor', () => {
    expect(ratioOf({ ceiling: 0, ours: 10 }, 'ours-over-ceiling')).toBeNaN();
  });
});

describe('summarisePairs', () => {
  it('reports both medians and the median of the paired ratios', () => {
    const summary = summarisePairs(
      [
        { ceiling: 100, ours: 50 },
        { ceiling: 40, ours: 30 },
        { ceiling: 80, ours: 60 },
      ],
      'ours-over-ceiling',
    );
    expect(summary.ceiling).toBe(80);
    expect(summary.ours).toBe(50);
    expect(summary.ratios).toEqual([0.5, 0.75, 0.75]);
    // The ratio of medians would be 0.625: pairing is what the method asks for.
    expect(summary.ratio).toBe(0.75);
  });
});

describe('meetsGoal', () => {
  it('passes at or above the goal and never on NaN', () => {
    expect(meetsGoal(0.5, 0.5)).toBe(true);
    expect(meetsGoal(0.49, 0.5)).toBe(false);
    expect(meetsGoal(Number.NaN, 0)).toBe(false);
  });
});

describe('roundTo', () => {
  it('rounds to the given digits', () => {
    expect(roundTo(0.33333, 3)).toBe(0.333);
    expect(roundTo(12345.678, 0)).toBe(12346);
  });
});
