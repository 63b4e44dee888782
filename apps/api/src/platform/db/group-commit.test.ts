import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit';

describe('createGroupCommit', () => {
  it('writes what is asked for in one turn as one batch, and answers each caller its own result', async () => {
    const batches: number[][] = [];
    const add = createGroupCommit(async (items: readonly number[]) => {
      batches.push([...items]);
      return items.map((item) => item * 10);
    });
    expect(await Promise.all([add(1), add(2), add(3)])).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('gathers what arrives while a batch is written into the next batch', async () => {
    const batches: number[][] = [];
    let release = () => {};
    const add = createGroupCommit(async (items: readonly number[]) => {
      batches.push([...items]);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return items;
    });
    const first = add(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [add(2), add(3)];
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('writes a failed batch item by item: only the bad item fails, the others are stored', async () => {
    const stored: number[] = [];
    const add = createGroupCommit(async (items: readonly number[]) => {
      if (items.includes(13)) throw new Error('bad item');
      stored.push(...items);
      return items;
    });
    const results = await Promise.allSettled([add(1), add(13), add(2)]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(stored).toEqual([1, 2]);
  });
  it('writes up to writersAtOnce batches side by side, and never more', async () => {
    const batches: number[][] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const releases: (() => void)[] = [];
    const add = createGroupCommit(
      async (items: readonly number[]) => {
        batches.push([...items]);
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise<void>((resolve) => releases.push(resolve));
        inFlight -= 1;
        return items;
      },
      { writersAtOnce: 2 },
    );
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const all = [add(1)];
    await turn();
    all.push(add(2));
    await turn();
    // Two batches in flight: what comes now waits for one of them.
    all.push(add(3), add(4));
    await turn();
    expect(batches).toEqual([[1], [2]]);
    while (batches.flat().length < 4 || inFlight > 0) {
      releases.shift()?.();
      await turn();
    }
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4]);
    expect(batches).toEqual([[1], [2], [3, 4]]);
    expect(mostInFlight).toBe(2);
  });
});
