import { describe, expect, it } from 'vitest';
import { createBufferPool } from './buffer-pool';

const KiB = 1024;

describe('buffer pool', () => {
  it('hands back the smallest class that holds a read, and reuses a slab given back', () => {
    const pool = createBufferPool({
      classes: [64 * KiB, 256 * KiB],
      maxIdleBytes: 1024 * KiB,
      trimAfterMs: 60_000,
    });
    const small = pool.take(10);
    expect(small.byteLength).toBe(64 * KiB);
    const middle = pool.take(64 * KiB + 1);
    expect(middle.byteLength).toBe(256 * KiB);
    pool.give(middle);
    pool.give(middle);
    expect(pool.idle().get(256 * KiB)).toBe(1);
    expect(pool.take(100 * KiB)).toBe(middle);
    expect(pool.take(100 * KiB)).not.toBe(middle);
  });

  it('keeps no more idle bytes per class than its budget, and never pools a foreign size', () => {
    const pool = createBufferPool({ classes: [64 * KiB], maxIdleBytes: 128 * KiB, trimAfterMs: 60_000 });
    const slabs = [pool.take(1), pool.take(1), pool.take(1)];
    for (const slab of slabs) pool.give(slab);
    expect(pool.idle().get(64 * KiB)).toBe(2);
    const oversized = pool.take(100 * KiB);
    expect(oversized.byteLength).toBe(100 * KiB);
    pool.give(oversized);
    pool.give(Buffer.alloc(10));
    expect([...pool.idle().values()]).toEqual([2]);
  });

  it('drops its idle slabs once no read has asked for one a while', async () => {
    const pool = createBufferPool({ classes: [64 * KiB], maxIdleBytes: 1024 * KiB, trimAfterMs: 20 });
    pool.give(pool.take(1));
    expect(pool.idle().get(64 * KiB)).toBe(1);
    await expect.poll(() => pool.idle().get(64 * KiB)).toBe(0);
  });
});
