import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { withTimeout } from '../../platform/db/database';
import { createRedisClient, type RedisServicesOptions } from '../../platform/redis/redis-services';

export type RedisLockerOptions = Pick<
  RedisServicesOptions,
  'url' | 'keyPrefix' | 'log' | 'connectTimeoutMs'
> & {
  /** How long the lock of a crashed holder survives; a live holder renews it every third of that. */
  lockTtlMs?: number;
  /** As @tus/server's MemoryLocker: past it a waiter gives up with ERR_LOCK_TIMEOUT. */
  acquireLockTimeoutMs?: number;
};

export type RedisLocker = Locker & { close: () => Promise<void> };

const RETRY_MIN_MS = 20;
const RETRY_MAX_MS = 250;
// Compare-and-act on the holder's token: a lock that expired and was taken by another holder stays theirs.
const RENEW_IF_HELD = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
const DELETE_IF_HELD = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** Sleeps for `ms`; false when the signal aborts first. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  return delay(ms, undefined, { signal }).then(
    () => true,
    () => false,
  );
}

/** tus upload locks shared by every api replica on one Redis (`<prefix>tus-lock:<id>`). */
const REDIS_UNAVAILABLE = { status_code: 503, body: 'Service temporarily unavailable.\n' };

export async function createRedisLocker(options: RedisLockerOptions): Promise<RedisLocker> {
  const prefix = options.keyPrefix ?? 'cadence:';
  const ttlMs = options.lockTtlMs ?? 10_000;
  const acquireTimeoutMs = options.acquireLockTimeoutMs ?? 30_000;
  const client = createRedisClient(options, 'tus locker');
  const subscriber = createRedisClient(options, 'tus locker subscriber');
  /** Release channel -> requestRelease of the lock this replica holds on it. */
  const holders = new Map<string, RequestRelease>();
  const renewals = new Set<NodeJS.Timeout>();
  const stopRenewal = (renewal: NodeJS.Timeout) => {
    clearInterval(renewal);
    renewals.delete(renewal);
  };

  // One pattern subscription serves every lock; ioredis subscribes again after a reconnect.
  subscriber.on('pmessage', (_pattern: string, channel: string) => {
    const requestRelease = holders.get(channel);
    if (!requestRelease) return;
    Promise.resolve()
      .then(requestRelease)
      .catch((error) => options.log.warn({ err: error }, 'tus lock release request failed'));
  });
  const releasePattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}tus-release:*`;
  const connecting = Promise.all([
    client.connect(),
    subscriber.connect().then(() => subscriber.psubscribe(releasePattern)),
  ]);
  await withTimeout(connecting, (options.connectTimeoutMs ?? 2_000) + 1_000).catch((error) => {
    client.disconnect();
    subscriber.disconnect();
    throw new Error(`Could not connect to Redis at REDIS_URL: ${error.message}`, { cause: error });
  });

  /**
   * Without Redis no replica can know who holds an upload: the request is refused with a 503
   * (the tus server answers an error's `status_code`) and the uploader retries, resuming from
   * the offset it is given once Redis is back.
   */
  async function acquire(key: string, token: string): Promise<'OK' | null> {
    try {
      return await client.set(key, token, 'PX', ttlMs, 'NX');
    } catch (error) {
      options.log.warn({ err: error }, 'tus lock unavailable: Redis is unreachable');
      throw REDIS_UNAVAILABLE;
    }
  }

  function newLock(id: string): Lock {
    const key = `${prefix}tus-lock:${id}`;
    const channel = `${prefix}tus-release:${id}`;
    const token = randomBytes(16).toString('hex');
    let held: { requestRelease: RequestRelease; renewal: NodeJS.Timeout } | undefined;

    async function renew(requestRelease: RequestRelease) {
      const isRenewed = await client.eval(RENEW_IF_HELD, 1, key, token, ttlMs).then(
        (result) => result === 1,
        (error) => {
          // Redis is unreachable: the next tick tries again while the TTL still covers us.
          options.log.warn({ err: error, id }, 'tus lock renewal failed');
          return true;
        },
      );
      if (isRenewed || !held) return;
      stopRenewal(held.renewal);
      options.log.warn({ id }, 'tus lock expired while held; stopping its request');
      await requestRelease();
    }

    return {
      async lock(signal, requestRelease) {
        const deadline = Date.now() + acquireTimeoutMs;
        for (let attempt = 0; ; attempt++) {
          if ((await acquire(key, token)) === 'OK') break;
          await client.publish(channel, token).catch(() => undefined);
          const waitMs = Math.min(RETRY_MIN_MS * 2 ** attempt, RETRY_MAX_MS, deadline - Date.now());
          if (waitMs <= 0 || !(await pause(waitMs, signal))) throw ERRORS.ERR_LOCK_TIMEOUT;
        }
        const onRenewalError = (error: unknown) =>
          options.log.warn({ err: error, id }, 'tus lock renewal failed');
        const renewal = setInterval(
          () => void renew(requestRelease).catch(onRenewalError),
          Math.max(ttlMs / 3, 1),
        );
        renewal.unref();
        renewals.add(renewal);
        held = { requestRelease, renewal };
        holders.set(channel, requestRelease);
      },
      async unlock() {
        if (!held) throw new Error('Releasing an unlocked lock!');
        stopRenewal(held.renewal);
        if (holders.get(channel) === held.requestRelease) holders.delete(channel);
        held = undefined;
        // A lock that expired meanwhile is left alone; if Redis is down its TTL frees it.
        await client
          .eval(DELETE_IF_HELD, 1, key, token)
          .catch((error) => options.log.warn({ err: error, id }, 'tus lock release failed'));
      },
    };
  }

  return {
    newLock,
    close: async () => {
      // Locks still held expire with their TTL once nobody renews them.
      for (const renewal of renewals) stopRenewal(renewal);
      await Promise.allSettled([client.quit(), subscriber.quit()]);
      client.disconnect();
      subscriber.disconnect();
    },
  };
}
