import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createStateBatcher, MAX_IDS_PER_REQUEST } from './state-batcher';

describe('createStateBatcher', () => {
  it('asks once per type for the ids of one tick and answers each id', async () => {
    const fetchIds = vi.fn(async (_type: string, ids: number[]) => ids.filter((id) => id % 2 === 0));
    const load = createStateBatcher(fetchIds);
    const answers = await Promise.all([
      load('track', 1),
      load('track', 2),
      load('track', 2),
      load('album', 4),
    ]);
    expect(answers).toEqual([false, true, true, true]);
    expect(fetchIds).toHaveBeenCalledTimes(2);
    expect(fetchIds).toHaveBeenCalledWith('track', [1, 2]);
    expect(fetchIds).toHaveBeenCalledWith('album', [4]);
  });

  it('starts a new batch after a flush', async () => {
    const fetchIds = vi.fn(async () => [1]);
    const load = createStateBatcher(fetchIds);
    expect(await load('track', 1)).toBe(true);
    expect(await load('track', 1)).toBe(true);
    expect(fetchIds).toHaveBeenCalledTimes(2);
  });

  it('rejects every waiter of a failed batch', async () => {
    const load = createStateBatcher(async () => {
      throw new Error('offline');
    });
    await expect(Promise.all([load('track', 1), load('track', 2)])).rejects.toThrow('offline');
  });

  it('answers exactly the liked ids, in chunks the api accepts, for any set of ids', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: 5000 }), { maxLength: 450 }),
        fc.func(fc.boolean()),
        async (ids, isLiked) => {
          const sizes: number[] = [];
          const load = createStateBatcher(async (_type, chunk) => {
            sizes.push(chunk.length);
            return chunk.filter((id) => isLiked(id));
          });
          const answers = await Promise.all(ids.map((id) => load('track', id)));
          expect(answers).toEqual(ids.map((id) => isLiked(id)));
          expect(sizes.every((size) => size <= MAX_IDS_PER_REQUEST)).toBe(true);
          expect(sizes.reduce((a, b) => a + b, 0)).toBe(ids.length);
        },
      ),
      { numRuns: 50 },
    );
  });
});
