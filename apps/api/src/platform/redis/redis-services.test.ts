import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEmbeddedTarget } from '../../test/test-app';
import { createRedisServices } from './redis-services';
import type { SharedServices } from './services';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const silent = { info: () => {}, warn: () => {} };

describe.skipIf(isEmbeddedTarget)('Redis services on the shared Redis (auto-pipelined commands)', () => {
  const keyPrefix = `cadence_t_${randomBytes(6).toString('hex')}:`;
  let services: SharedServices;
  let admin: Redis;

  beforeAll(async () => {
    services = await createRedisServices({ url: REDIS_URL, keyPrefix, log: silent });
    admin = new Redis(REDIS_URL);
  });

  afterAll(async () => {
    const keys = await admin.keys(`${keyPrefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    admin.disconnect();
    await services.close();
  });

  it('answers each of many commands issued in one turn with its own value', async () => {
    const ids = Array.from({ length: 200 }, (_, index) => index);
    await Promise.all(ids.map((id) => services.cache.set(`many:${id}`, { id }, 60)));
    const values = await Promise.all(ids.map((id) => services.cache.get<{ id: number }>(`many:${id}`)));
    expect(values).toEqual(ids.map((id) => ({ id })));
    const added = await Promise.all([
      services.cache.add('once', 1, 60),
      services.cache.add('once', 2, 60),
      services.cache.add('once', 3, 60),
    ]);
    expect(added).toEqual([true, false, false]);
  });

  it('counts a rate-limit window by the script, also after Redis forgot its scripts', async () => {
    const counts = await Promise.all(
      Array.from({ length: 5 }, () => services.rateLimitStore.increment('login:1.2.3.4', 60_000)),
    );
    expect(counts.map((count) => count.current).sort()).toEqual([1, 2, 3, 4, 5]);
    for (const count of counts) {
      expect(count.ttlMs).toBeGreaterThan(0);
      expect(count.ttlMs).toBeLessThanOrEqual(60_000);
    }
    // A restarted Redis has no cached scripts: the call must load it again, not fail.
    await admin.script('FLUSH');
    const next = await services.rateLimitStore.increment('login:1.2.3.4', 60_000);
    expect(next.current).toBe(6);
    expect(await admin.pttl(`${keyPrefix}rl:login:1.2.3.4`)).toBeGreaterThan(0);
  });
});
