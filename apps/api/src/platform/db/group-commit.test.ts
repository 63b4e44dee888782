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
});
