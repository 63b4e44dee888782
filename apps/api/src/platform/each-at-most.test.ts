import { describe, expect, it } from 'vitest';
import { eachAtMost } from './each-at-most';

describe('eachAtMost', () => {
  it('runs every item once with its index, never more than the limit at once', async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    const seen: [string, number][] = [];
    await eachAtMost(['a', 'b', 'c', 'd', 'e'], 2, async (item, index) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push([item, index]);
      inFlight -= 1;
    });
    expect(seen.sort()).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
      ['d', 3],
      ['e', 4],
    ]);
    expect(mostInFlight).toBe(2);
  });

  it('does nothing for no items', async () => {
    let calls = 0;
    await eachAtMost([], 4, async () => {
      calls += 1;
    });
    expect(calls).toBe(0);
  });
});
