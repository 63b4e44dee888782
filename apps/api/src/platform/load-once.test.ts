import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('runs the load once for every caller, concurrent or later', async () => {
    let runs = 0;
    const value = loadOnce(async () => {
      runs += 1;
      return { runs };
    });
    expect(value.started()).toBeUndefined();
    const [first, second] = await Promise.all([value(), value()]);
    expect(await value()).toBe(first);
    expect(second).toBe(first);
    expect(runs).toBe(1);
  });

  it('forgets a failed load so the next caller tries again', async () => {
    let runs = 0;
    const value = loadOnce(async () => {
      runs += 1;
      if (runs === 1) throw new Error('peer down');
      return runs;
    });
    await expect(value()).rejects.toThrow('peer down');
    expect(value.started()).toBeUndefined();
    expect(await value()).toBe(2);
    expect(await value()).toBe(2);
    expect(runs).toBe(2);
  });

  it('shares one rejection among the callers that were waiting on it', async () => {
    let runs = 0;
    const value = loadOnce(async () => {
      runs += 1;
      throw new Error(`failure ${runs}`);
    });
    const results = await Promise.allSettled([value(), value()]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(runs).toBe(1);
  });
});
