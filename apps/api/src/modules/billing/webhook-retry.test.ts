import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { unprocessedEvents } from './webhook-events.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ isSeeded: false });
});
afterAll(async () => t?.close());

const MINUTE = 60_000;

describe('the sweep of stored webhook events', () => {
  it('retries an event that keeps failing less and less often, and never drops it', async () => {
    const now = Date.now();
    const event = (id: string, minutesAgo: number, attempts: number) => ({
      gateway_name: 'stripe',
      event_id: id,
      event_type: 'invoice.paid',
      subject: null,
      payload: '{}',
      received_at: new Date(now - minutesAgo * MINUTE),
      attempts,
      last_error: attempts > 0 ? 'provider down' : null,
    });
    await t.deps.db
      .insertInto('billing_webhook_events')
      .values([
        event('evt_new', 6, 0),
        // Failed 3 times: waits 3² × 5 = 45 minutes after its receipt.
        event('evt_failing_early', 30, 3),
        event('evt_failing_due', 50, 3),
        // Failed 20 times: 2,000 minutes; after a day and a half it is tried again.
        event('evt_old', 24 * 60, 20),
        event('evt_older', 36 * 60, 20),
      ])
      .execute();
    const swept = async (backoffMs?: number) =>
      (await unprocessedEvents(t.deps.db, new Date(now - 5 * MINUTE), 100, backoffMs))
        .map((row) => row.event_id)
        .sort();
    expect(await swept(5 * MINUTE)).toEqual(['evt_failing_due', 'evt_new', 'evt_older']);
    // At start (no backoff) every pending event is queued again.
    expect(await swept()).toEqual([
      'evt_failing_due',
      'evt_failing_early',
      'evt_new',
      'evt_old',
      'evt_older',
    ]);
  });
});
