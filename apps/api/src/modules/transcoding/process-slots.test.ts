import { describe, expect, it } from 'vitest';
import { createProcessSlots, QUEUE_TIMEOUT_MESSAGE } from './process-slots';

describe('transcoder process slots', () => {
  it('runs at most the limit at once and hands a released slot to the first waiter', async () => {
    const slots = createProcessSlots(() => 2);
    const first = await slots.acquire(1000);
    await slots.acquire(1000);
    const order: string[] = [];
    const third = slots.acquire(1000).then((slot) => {
      order.push('third');
      return slot;
    });
    const fourth = slots.acquire(1000).then(() => order.push('fourth'));
    expect(slots.running).toBe(2);
    expect(slots.waiting).toBe(2);
    first.release();
    first.release(); // twice is once
    (await third).release();
    await fourth;
    expect(order).toEqual(['third', 'fourth']);
    expect(slots.waiting).toBe(0);
  });

  it('refuses a waiter after the timeout with a 503, and drops one whose client left', async () => {
    const slots = createProcessSlots(() => 1);
    await slots.acquire(1000);
    await expect(slots.acquire(20)).rejects.toMatchObject({
      statusCode: 503,
      message: QUEUE_TIMEOUT_MESSAGE,
    });
    const gone = new AbortController();
    const waiting = slots.acquire(5000, gone.signal);
    expect(slots.waiting).toBe(1);
    gone.abort();
    await expect(waiting).rejects.toThrow(/went away/);
    expect(slots.waiting).toBe(0);
  });
});
