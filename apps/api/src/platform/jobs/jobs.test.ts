import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isEmbeddedTarget } from '../../test/test-app';
import { createInProcessQueue } from './in-process-queue';
import type { JobQueue } from './jobs';
import { bullJobId, createRedisQueue } from './redis-queue';

const silent = { error: () => {} };

async function behavesAsAQueue(queue: JobQueue) {
  const seen: number[] = [];
  queue.register('count', async (payload) => {
    seen.push((payload as { n: number }).n);
  });
  queue.register('boom', async () => {
    throw new Error('boom');
  });
  await queue.enqueue('count', { n: 1 });
  await queue.enqueue('boom', {});
  await queue.enqueue('count', { n: 2 });
  await queue.drain();
  expect(seen).toEqual([1, 2]);
  await queue.close();
}

describe('jobs', () => {
  it('runs in process, in order, surviving a failing job', async () => {
    await behavesAsAQueue(createInProcessQueue(silent, { backoffMs: 10 }));
  });

  it('collapses jobs with the same id while one waits', async () => {
    const queue = createInProcessQueue(silent);
    let runs = 0;
    queue.register('recompute', async () => {
      runs += 1;
    });
    await Promise.all([1, 2, 3].map(() => queue.enqueue('recompute', {}, { jobId: 'all' })));
    await queue.drain();
    await queue.enqueue('recompute', {}, { jobId: 'all' });
    await queue.drain();
    expect(runs).toBe(2);
    await queue.close();
    await expect(queue.enqueue('recompute', {})).rejects.toThrow('closed');
  });

  it('retries a failing job up to 3 attempts with backoff, as BullMQ does', async () => {
    const queue = createInProcessQueue(silent, { backoffMs: 10 });
    let calls = 0;
    queue.register('flaky', async () => {
      calls += 1;
      if (calls < 3) throw new Error('not yet');
    });
    let always = 0;
    queue.register('broken', async () => {
      always += 1;
      throw new Error('never');
    });
    await queue.enqueue('flaky', {});
    await queue.enqueue('broken', {});
    await queue.drain();
    expect(calls).toBe(3);
    expect(always).toBe(3);
    await queue.close();
  });

  it.skipIf(isEmbeddedTarget)('runs on BullMQ with Redis', async () => {
    const queue = createRedisQueue({
      url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      queueName: `cadence-test-${randomBytes(4).toString('hex')}`,
      isWorker: true,
      log: silent,
    });
    await behavesAsAQueue(queue);
  });

  it('gives BullMQ ids it accepts: never an integer, never a colon, distinct ids kept apart', () => {
    expect(bullJobId('notifications.mail', '42')).toBe('notifications.mail|42');
    expect(bullJobId('x', 'a:b')).toBe('x|a%3Ab');
    expect(bullJobId('x', 'a%3Ab')).not.toBe(bullJobId('x', 'a:b'));
  });

  it.skipIf(isEmbeddedTarget)('collapses BullMQ jobs with the same id while one waits', async () => {
    // No worker: the jobs stay waiting, so what collapses is visible in the counts.
    const queue = createRedisQueue({
      url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      queueName: `cadence-test-${randomBytes(4).toString('hex')}`,
      isWorker: false,
      log: silent,
    });
    for (const jobId of ['42', '42', 'session:7', 'session:7', 'all']) {
      await queue.enqueue('notifications.mail', {}, { jobId });
    }
    expect((await queue.status()).counts.waiting).toBe(3);
    await queue.close();
  });

  it.skipIf(isEmbeddedTarget)(
    'lists failed BullMQ jobs and retries one',
    async () => {
      const queue = createRedisQueue({
        url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        queueName: `cadence-test-${randomBytes(4).toString('hex')}`,
        isWorker: true,
        log: silent,
      });
      let calls = 0;
      queue.register('fails-thrice', async () => {
        calls += 1;
        if (calls <= 3) throw new Error(`attempt ${calls}`);
      });
      await queue.enqueue('fails-thrice', { n: 1 });
      // Three attempts with BullMQ's backoff (1 s, then 2 s) take ~3 s alone; with the whole suite
      // sharing two cores and one Redis, the delayed retries have been seen to take over 20 s.
      const deadline = Date.now() + 60_000;
      let status = await queue.status();
      while (status.failed.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        status = await queue.status();
      }
      expect(status.worker).toBe('running');
      expect(status.counts.failed).toBe(1);
      expect(status.failed[0]).toMatchObject({ name: 'fails-thrice', attempts: 3, error: 'attempt 3' });
      expect(await queue.retry(status.failed[0]?.id as string)).toBe(true);
      await queue.drain();
      await expect.poll(() => calls, { timeout: 10_000 }).toBe(4);
      await expect.poll(async () => (await queue.status()).counts.failed, { timeout: 10_000 }).toBe(0);
      expect(await queue.retry('missing')).toBe(false);
      await queue.close();
    },
    90_000,
  );
});
