import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { ERRORS, type Lock } from '@tus/server';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, createTestUser, isEmbeddedTarget } from '../../test/test-app';
import { authHeaders } from '../uploads/testing/upload-test-client';
import { createRedisLocker, type RedisLocker, type RedisLockerOptions } from './redis-locker';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const silentLog = { info: () => {}, warn: () => {} };
const noRelease = () => {};

/** Whether the promise is still pending after a short while. */
async function isPending(promise: Promise<unknown>) {
  const pending = Symbol('pending');
  return (await Promise.race([promise.then(() => null), delay(150, pending)])) === pending;
}

describe.skipIf(isEmbeddedTarget)('Redis locker for tus (two replicas)', () => {
  let prefix: string;
  let redis: Redis;
  const lockers: RedisLocker[] = [];
  const replica = async (options: Partial<RedisLockerOptions> = {}) => {
    const locker = await createRedisLocker({ url: REDIS_URL, keyPrefix: prefix, log: silentLog, ...options });
    lockers.push(locker);
    return locker;
  };
  const lockKey = (id: string) => `${prefix}tus-lock:${id}`;

  beforeEach(async () => {
    prefix = `cadence_t_${randomBytes(6).toString('hex')}:`;
    redis = new Redis(REDIS_URL);
  });

  afterEach(async () => {
    await Promise.all(lockers.splice(0).map((locker) => locker.close()));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('lets the second replica in only after the first unlocks', async () => {
    const [first, second] = [await replica(), await replica()];
    const held = first.newLock('upload-1');
    await held.lock(new AbortController().signal, noRelease);
    const waiting = second.newLock('upload-1').lock(new AbortController().signal, noRelease);
    expect(await isPending(waiting)).toBe(true);
    await held.unlock();
    await expect(waiting).resolves.toBeUndefined();
    expect(await redis.exists(lockKey('upload-1'))).toBe(1);
  });

  it('locks different uploads independently', async () => {
    const [first, second] = [await replica(), await replica()];
    await first.newLock('upload-1').lock(new AbortController().signal, noRelease);
    await expect(
      second.newLock('upload-2').lock(new AbortController().signal, noRelease),
    ).resolves.toBeUndefined();
  });

  it('asks the holder on the other replica to release through its requestRelease', async () => {
    const [first, second] = [await replica(), await replica()];
    const held: Lock = first.newLock('upload-1');
    const requestRelease = vi.fn(() => held.unlock());
    await held.lock(new AbortController().signal, requestRelease);
    await second.newLock('upload-1').lock(new AbortController().signal, noRelease);
    expect(requestRelease).toHaveBeenCalled();
  });

  it('gives up with ERR_LOCK_TIMEOUT when the holder keeps the lock', async () => {
    const [first, second] = [await replica(), await replica({ acquireLockTimeoutMs: 300 })];
    await first.newLock('upload-1').lock(new AbortController().signal, noRelease);
    const startedAt = Date.now();
    await expect(second.newLock('upload-1').lock(new AbortController().signal, noRelease)).rejects.toBe(
      ERRORS.ERR_LOCK_TIMEOUT,
    );
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(250);
  });

  it('stops waiting when the stop signal aborts', async () => {
    const [first, second] = [await replica(), await replica()];
    await first.newLock('upload-1').lock(new AbortController().signal, noRelease);
    const stop = new AbortController();
    const waiting = second.newLock('upload-1').lock(stop.signal, noRelease);
    expect(await isPending(waiting)).toBe(true);
    const abortedAt = Date.now();
    stop.abort();
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(Date.now() - abortedAt).toBeLessThan(1_000);
  });

  it('keeps a held lock past its TTL by renewing it', async () => {
    const [first, second] = [await replica({ lockTtlMs: 400 }), await replica({ acquireLockTimeoutMs: 300 })];
    const held = first.newLock('upload-1');
    await held.lock(new AbortController().signal, noRelease);
    await delay(1_000); // two and a half TTLs
    expect(await redis.pttl(lockKey('upload-1'))).toBeGreaterThan(0);
    await expect(second.newLock('upload-1').lock(new AbortController().signal, noRelease)).rejects.toBe(
      ERRORS.ERR_LOCK_TIMEOUT,
    );
    await held.unlock();
    expect(await redis.exists(lockKey('upload-1'))).toBe(0);
  });

  it("never deletes another holder's lock when unlocking an expired one", async () => {
    const [first, second] = [await replica({ acquireLockTimeoutMs: 300 }), await replica()];
    const expired = first.newLock('upload-1');
    await expired.lock(new AbortController().signal, noRelease);
    await redis.del(lockKey('upload-1')); // as if its TTL ran out
    await second.newLock('upload-1').lock(new AbortController().signal, noRelease);
    const owner = await redis.get(lockKey('upload-1'));
    await expired.unlock();
    expect(await redis.get(lockKey('upload-1'))).toBe(owner);
    await expect(first.newLock('upload-1').lock(new AbortController().signal, noRelease)).rejects.toBe(
      ERRORS.ERR_LOCK_TIMEOUT,
    );
  });

  it('asks its own request to stop when the lock was lost while held', async () => {
    const locker = await replica({ lockTtlMs: 150 });
    const requestRelease = vi.fn();
    await locker.newLock('upload-1').lock(new AbortController().signal, requestRelease);
    await redis.set(lockKey('upload-1'), 'another-holder');
    await vi.waitFor(() => expect(requestRelease).toHaveBeenCalled(), { timeout: 1_000 });
    expect(await redis.get(lockKey('upload-1'))).toBe('another-holder');
  });

  it('fails to start with a clear error when Redis is unreachable', async () => {
    const unreachable = createRedisLocker({
      url: 'redis://127.0.0.1:1',
      log: silentLog,
      connectTimeoutMs: 200,
    });
    await expect(unreachable).rejects.toThrow('Could not connect to Redis at REDIS_URL');
  });

  it('refuses to unlock a lock it never acquired', async () => {
    const locker = await replica();
    await expect(locker.newLock('upload-1').unlock()).rejects.toThrow('Releasing an unlocked lock!');
  });
});

describe.skipIf(isEmbeddedTarget)('tus routes with REDIS_URL', () => {
  it('locks uploads through Redis, so a holder on another replica is asked to release', async () => {
    const t = await createTestApp({ env: { REDIS_URL } });
    const otherReplica = await createRedisLocker({ url: REDIS_URL, log: silentLog });
    try {
      const auth = await t.sessionCookie(await createTestUser(t.deps, { permissions: ['files.create'] }));
      const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const tusHeaders = { ...authHeaders(auth), 'tus-resumable': '1.0.0' };
      const created = await fetch(`${baseUrl}/api/v1/tus/upload`, {
        method: 'POST',
        headers: { ...tusHeaders, 'upload-length': '4' },
      });
      expect(created.status).toBe(201);
      const uploadUrl = created.headers.get('location') as string;
      const uploadId = uploadUrl.split('/').pop() as string;

      const held = otherReplica.newLock(uploadId);
      const requestRelease = vi.fn(() => held.unlock());
      await held.lock(new AbortController().signal, requestRelease);
      const head = await fetch(uploadUrl, { method: 'HEAD', headers: tusHeaders });
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe('0');
      expect(requestRelease).toHaveBeenCalled();
    } finally {
      await otherReplica.close();
      await t.close();
    }
  });
});
