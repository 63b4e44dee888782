import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { QueueEvents } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { isEmbeddedTarget } from '../../test/test-app';
import { createInProcessQueue } from './in-process-queue';
import type { JobQueue } from './jobs';
import { bullJobId, connectionOf, createRedisQueue } from './redis-queue';

const silent = { error: () => {} };

/** The queue's event stream read from its first entry, so an event written before the first read is not missed. */
const queueEvents = (url: string, queueName: string) =>
  new QueueEvents(queueName, { connection: connectionOf(url), lastEventId: '0-0' });

/**
 * The next `name` event of the stream. Bounded only so that a lost job fails with a message rather
 * than the test's timeout: three attempts with BullMQ's backoff (1 s, then 2 s) take ~3 s alone.
 */
async function nextEvent(events: QueueEvents, name: 'failed' | 'completed') {
  const [event] = await once(events, name, { signal: AbortSignal.timeout(60_000) });
  return event as { jobId: string };
}

function deferred() {
  let resolve: () => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((done, fail) => {
    resolve = () => done();
    reject = (error) => fail(error);
  });
  return { promise, resolve, reject };
}

/** Lets every job that can start do so: the microtasks that start them all run before setImmediate's. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A queue whose 'step' jobs wait until the test lets each one go: `log` tells what started and
 * ended, in order; `finish(label)` ends the running job of that label, `fail(label)` throws in it.
 */
function gatedQueue(options: { concurrency?: number; backoffMs?: number } = {}) {
  const queue = createInProcessQueue(silent, { backoffMs: 10, ...options });
  const log: string[] = [];
  const gates = new Map<string, ReturnType<typeof deferred>>();
  const attempts = new Map<string, number>();
  queue.register('step', async (payload) => {
    const { label } = payload as { label: string };
    const attempt = (attempts.get(label) ?? 0) + 1;
    attempts.set(label, attempt);
    const name = attempt === 1 ? label : `${label}#${attempt}`;
    const gate = deferred();
    gates.set(label, gate);
    log.push(`${name} start`);
    try {
      await gate.promise;
    } finally {
      log.push(`${name} end`);
    }
  });
  const gateOf = (label: string) => {
    const gate = gates.get(label);
    if (!gate) throw new Error(`${label} is not running`);
    gates.delete(label);
    return gate;
  };
  return {
    queue,
    log,
    step: (label: string, lane?: string) => queue.enqueue('step', { label }, lane ? { lane } : {}),
    finish: async (label: string) => {
      gateOf(label).resolve();
      await settled();
    },
    fail: async (label: string) => {
      gateOf(label).reject(new Error(`${label} failed`));
      await settled();
    },
  };
}

function lanes() {
  it('runs the jobs of one lane one at a time, in the order queued', async () => {
    const { queue, log, step, finish } = gatedQueue();
    await step('a1', 'a');
    await step('a2', 'a');
    await step('a3', 'a');
    await settled();
    expect(log).toEqual(['a1 start']);
    expect((await queue.status()).counts).toMatchObject({ active: 1, waiting: 2 });
    await finish('a1');
    expect(log).toEqual(['a1 start', 'a1 end', 'a2 start']);
    await finish('a2');
    await finish('a3');
    expect(log).toEqual(['a1 start', 'a1 end', 'a2 start', 'a2 end', 'a3 start', 'a3 end']);
    await queue.drain();
    await queue.close();
  });

  it('runs jobs of different lanes, and jobs without one, side by side', async () => {
    const { queue, log, step, finish } = gatedQueue();
    await step('a1', 'a');
    await step('b1', 'b');
    await step('free');
    await step('a2', 'a');
    await settled();
    // All three started while none had ended.
    expect(log).toEqual(['a1 start', 'b1 start', 'free start']);
    expect((await queue.status()).counts).toMatchObject({ active: 3, waiting: 1 });
    await finish('b1');
    await finish('free');
    expect(log).not.toContain('a2 start');
    await finish('a1');
    expect(log.slice(-2)).toEqual(['a1 end', 'a2 start']);
    await finish('a2');
    await queue.close();
  });

  it('runs at most `concurrency` jobs at once, the others wait their turn', async () => {
    const { queue, log, step, finish } = gatedQueue({ concurrency: 2 });
    for (const label of ['a', 'b', 'c']) await step(label, label);
    await settled();
    expect(log).toEqual(['a start', 'b start']);
    expect((await queue.status()).counts).toMatchObject({ active: 2, waiting: 1 });
    await finish('b');
    expect(log).toEqual(['a start', 'b start', 'b end', 'c start']);
    await finish('a');
    await finish('c');
    expect((await queue.status()).counts).toMatchObject({ active: 0, waiting: 0 });
    await queue.close();
  });

  it('puts the jobs with one jobId in one lane: a second waits for the running one, a third collapses', async () => {
    const queue = createInProcessQueue(silent);
    const gates: ReturnType<typeof deferred>[] = [];
    let running = 0;
    let most = 0;
    queue.register('recompute', async () => {
      running += 1;
      most = Math.max(most, running);
      const gate = deferred();
      gates.push(gate);
      await gate.promise;
      running -= 1;
    });
    await queue.enqueue('recompute', {}, { jobId: '7' });
    await settled();
    await queue.enqueue('recompute', {}, { jobId: '7' });
    await queue.enqueue('recompute', {}, { jobId: '7' });
    await settled();
    expect(gates).toHaveLength(1);
    expect((await queue.status()).counts).toMatchObject({ active: 1, waiting: 1 });
    gates[0]?.resolve();
    await settled();
    gates[1]?.resolve();
    await queue.drain();
    expect(gates).toHaveLength(2);
    expect(most).toBe(1);
    await queue.close();
  });

  it("lets a lane's later jobs run while a failed one waits for its retry, which then queues behind them", async () => {
    const { queue, log, step, finish, fail } = gatedQueue({ backoffMs: 1 });
    await step('a1', 'a');
    await step('a2', 'a');
    await settled();
    await fail('a1');
    // a1 waits out its backoff outside the lane: a2 does not wait for it.
    expect(log).toEqual(['a1 start', 'a1 end', 'a2 start']);
    // Well past a1's backoff (1 ms; timers fire in order of their due time): its retry is queued,
    // behind a2 in the lane, not beside it.
    await new Promise((resolve) => setTimeout(resolve, 30));
    await settled();
    expect(log).toEqual(['a1 start', 'a1 end', 'a2 start']);
    expect((await queue.status()).counts).toMatchObject({ active: 1, waiting: 1 });
    await finish('a2');
    expect(log.slice(-2)).toEqual(['a2 end', 'a1#2 start']);
    await finish('a1');
    await queue.drain();
    expect((await queue.status()).counts).toEqual({ waiting: 0, active: 0, failed: 0 });
    await queue.close();
  });

  it('drains only when every lane is done, retries included', async () => {
    // A backoff long enough that a busy machine still sees b waiting for its retry.
    const { queue, step, finish, fail } = gatedQueue({ backoffMs: 500 });
    await step('a', 'a');
    await step('b', 'b');
    await settled();
    let isDrained = false;
    const drained = queue.drain().then(() => {
      isDrained = true;
    });
    await finish('a');
    await fail('b');
    // b's retry is in its backoff: nothing runs, and yet the queue is not drained.
    expect((await queue.status()).counts).toMatchObject({ active: 0, waiting: 1 });
    expect(isDrained).toBe(false);
    await expect.poll(async () => (await queue.status()).counts.active, { timeout: 5_000 }).toBe(1);
    expect(isDrained).toBe(false);
    await finish('b');
    await drained;
    expect(isDrained).toBe(true);
    await queue.close();
  });

  it('lists a job that failed 3 times and runs it again, in its lane, on retry', async () => {
    const queue = createInProcessQueue(silent, { backoffMs: 1 });
    let calls = 0;
    queue.register('fails-thrice', async () => {
      calls += 1;
      if (calls <= 3) throw new Error(`attempt ${calls}`);
    });
    const gate = deferred();
    queue.register('holds', () => gate.promise);
    await queue.enqueue('fails-thrice', {}, { lane: 'x' });
    await queue.drain();
    const status = await queue.status();
    expect(status.counts).toEqual({ waiting: 0, active: 0, failed: 1 });
    expect(status.failed[0]).toMatchObject({ name: 'fails-thrice', attempts: 3, error: 'attempt 3' });
    await queue.enqueue('holds', {}, { lane: 'x' });
    await settled();
    expect(await queue.retry(status.failed[0]?.id as string)).toBe(true);
    expect(await queue.retry('missing')).toBe(false);
    await settled();
    // The retried job keeps its lane: it waits for the lane's running job.
    expect(calls).toBe(3);
    gate.resolve();
    await queue.drain();
    expect(calls).toBe(4);
    expect((await queue.status()).counts.failed).toBe(0);
    await queue.close();
  });

  it('closes once the queued jobs ran, and refuses new ones', async () => {
    const { queue, log, step, finish } = gatedQueue({ concurrency: 1 });
    await step('a');
    await step('b');
    await settled();
    let isClosed = false;
    const closing = queue.close().then(() => {
      isClosed = true;
    });
    await expect(step('c')).rejects.toThrow('closed');
    await finish('a');
    expect(isClosed).toBe(false);
    await finish('b');
    await closing;
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
  });
}

async function behavesAsAQueue(queue: JobQueue) {
  const seen: number[] = [];
  queue.register('count', async (payload) => {
    seen.push((payload as { n: number }).n);
  });
  queue.register('boom', async () => {
    throw new Error('boom');
  });
  await queue.enqueue('count', { n: 1 }, { lane: 'counts' });
  await queue.enqueue('boom', {});
  await queue.enqueue('count', { n: 2 }, { lane: 'counts' });
  await queue.drain();
  expect(seen).toEqual([1, 2]);
  await queue.close();
}

describe('jobs', () => {
  it('runs in process, a lane in order, surviving a failing job', async () => {
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

  describe('lanes (in process)', lanes);

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
      const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
      const queueName = `cadence-test-${randomBytes(4).toString('hex')}`;
      const queue = createRedisQueue({ url, queueName, isWorker: true, log: silent });
      const events = queueEvents(url, queueName);
      try {
        let calls = 0;
        queue.register('fails-thrice', async () => {
          calls += 1;
          if (calls <= 3) throw new Error(`attempt ${calls}`);
        });
        const failed = nextEvent(events, 'failed');
        await queue.enqueue('fails-thrice', { n: 1 });
        // BullMQ writes 'failed' only once no attempt is left, in the same script that moves the job
        // to the failed set, so the status read after it sees the job there.
        const { jobId } = await failed;
        const status = await queue.status();
        expect(status.worker).toBe('running');
        expect(status.counts.failed).toBe(1);
        expect(status.failed).toHaveLength(1);
        expect(status.failed[0]).toMatchObject({
          id: jobId,
          name: 'fails-thrice',
          attempts: 3,
          error: 'attempt 3',
        });

        const completed = nextEvent(events, 'completed');
        expect(await queue.retry(jobId)).toBe(true);
        expect((await completed).jobId).toBe(jobId);
        expect(calls).toBe(4);
        expect((await queue.status()).counts).toEqual({ waiting: 0, active: 0, failed: 0 });
        expect(await queue.retry('missing')).toBe(false);
      } finally {
        await events.close();
        await queue.close();
      }
    },
    90_000,
  );
});
