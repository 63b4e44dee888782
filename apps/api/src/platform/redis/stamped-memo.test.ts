import { describe, expect, it } from 'vitest';
import { createMemoryCache } from './memory-services';
import { createStampedMemo } from './stamped-memo';

function setup(now = () => 0) {
  const cache = createMemoryCache(now);
  let source = 1;
  let loads = 0;
  const memo = createStampedMemo({
    cache,
    key: 'scope:thing',
    ttlSeconds: 60,
    load: async () => {
      loads += 1;
      return { value: source };
    },
  });
  return {
    cache,
    memo,
    change: (value: number) => {
      source = value;
    },
    loads: () => loads,
  };
}

describe('createStampedMemo', () => {
  it('loads once per generation and hands out the same value', async () => {
    const t = setup();
    const first = await t.memo.get();
    expect(await t.memo.get()).toBe(first);
    expect(t.loads()).toBe(1);
  });

  it('reloads after the key or a prefix of it is deleted', async () => {
    const t = setup();
    await t.memo.get();
    t.change(2);
    expect((await t.memo.get()).value).toBe(1);
    await t.cache.delete('scope:thing');
    expect((await t.memo.get()).value).toBe(2);
    t.change(3);
    await t.cache.deletePrefix('scope:');
    expect((await t.memo.get()).value).toBe(3);
    expect(t.loads()).toBe(3);
  });

  it('reloads once the stamp expires', async () => {
    let time = 0;
    const t = setup(() => time);
    await t.memo.get();
    t.change(2);
    time = 59_000;
    expect((await t.memo.get()).value).toBe(1);
    time = 61_000;
    expect((await t.memo.get()).value).toBe(2);
  });

  it('shares one load between concurrent misses', async () => {
    const t = setup();
    const values = await Promise.all([t.memo.get(), t.memo.get(), t.memo.get()]);
    expect(new Set(values).size).toBe(1);
    expect(t.loads()).toBe(1);
  });

  it('follows a generation stamped by another process', async () => {
    const t = setup();
    await t.memo.get();
    t.change(2);
    // Another node reloaded after an invalidation and stamped a new generation.
    await t.cache.set('scope:thing', 'other-node-stamp', 60);
    expect((await t.memo.get()).value).toBe(2);
  });
});
