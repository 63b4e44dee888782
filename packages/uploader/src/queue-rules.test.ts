// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isExclusive,
  keepActive,
  maxConcurrency,
  nextStatus,
  percentageOf,
  pickToStart,
  QUEUE_CONCURRENCY,
  type TQueueRuleItem,
  type TUploadEvent,
} from './queue-rules';
import type { TUploadStatus } from './upload-types';

const CHUNK = 5 * 1024 * 1024;
const statuses: TUploadStatus[] = ['pending', 'inProgress', 'completed', 'failed', 'aborted'];
const events: TUploadEvent[] = ['start', 'complete', 'error', 'timeout', 'abort', 'retry'];

const itemArb: fc.Arbitrary<TQueueRuleItem> = fc.record({
  status: fc.constantFrom(...statuses),
  size: fc.nat({ max: 3 * CHUNK }),
  relativePath: fc.constantFrom('', 'album/track.mp3'),
  kind: fc.constantFrom('s3-multipart' as const, 's3-simple' as const, 'tus' as const, 'form' as const, null),
});

describe('nextStatus', () => {
  it('follows spec 4', () => {
    expect(nextStatus('pending', 'start')).toBe('inProgress');
    expect(nextStatus('inProgress', 'complete')).toBe('completed');
    expect(nextStatus('inProgress', 'error')).toBe('failed');
    expect(nextStatus('inProgress', 'timeout')).toBe('failed');
    expect(nextStatus('inProgress', 'abort')).toBe('aborted');
    expect(nextStatus('completed', 'abort')).toBeNull();
    expect(nextStatus('failed', 'retry')).toBe('pending');
  });

  it('leaves completed uploads final and only ever starts pending ones', () => {
    fc.assert(
      fc.property(fc.constantFrom(...statuses), fc.constantFrom(...events), (status, event) => {
        const next = nextStatus(status, event);
        if (status === 'completed') expect(next).toBeNull();
        if (next === 'inProgress') expect(status).toBe('pending');
        if (next === 'completed') expect(status).toBe('inProgress');
      }),
    );
  });
});

describe('concurrency', () => {
  it('drops to 1 for folders, multipart S3 and resumable uploads above the chunk size', () => {
    const base: TQueueRuleItem = { status: 'inProgress', size: 10, relativePath: '', kind: 'form' };
    expect(maxConcurrency([base], CHUNK)).toBe(3);
    expect(maxConcurrency([{ ...base, relativePath: 'a/b.mp3' }], CHUNK)).toBe(1);
    expect(maxConcurrency([{ ...base, kind: 's3-multipart' }], CHUNK)).toBe(1);
    expect(maxConcurrency([{ ...base, kind: 'tus', size: CHUNK }], CHUNK)).toBe(3);
    expect(maxConcurrency([{ ...base, kind: 'tus', size: CHUNK + 1 }], CHUNK)).toBe(1);
    expect(maxConcurrency([{ ...base, kind: 's3-multipart', status: 'pending' }], CHUNK)).toBe(3);
  });

  it('never starts more than the limit allows, and starts what it can', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 12 }), (items) => {
        const picked = pickToStart(items, CHUNK);
        for (const index of picked) expect(items[index]?.status).toBe('pending');
        const after = items.map((item, index) =>
          picked.includes(index) ? { ...item, status: 'inProgress' as const } : item,
        );
        const running = after.filter((item) => item.status === 'inProgress');
        const startedNothingExtra = picked.length === 0 || running.length <= QUEUE_CONCURRENCY;
        expect(startedNothingExtra).toBe(true);
        // After a pass, either nothing is pending or the queue is full for its current limit.
        const hasPending = after.some((item) => item.status === 'pending');
        if (hasPending) expect(running.length).toBeGreaterThanOrEqual(maxConcurrency(after, CHUNK));
        // An exclusive upload is only started alone on top of what already ran.
        const runningBefore = items.filter((item) => item.status === 'inProgress').length;
        if (picked.some((index) => isExclusive(items[index] as TQueueRuleItem, CHUNK))) {
          expect(picked.length + runningBefore).toBeLessThanOrEqual(QUEUE_CONCURRENCY);
          expect(isExclusive(items[picked.at(-1) as number] as TQueueRuleItem, CHUNK)).toBe(true);
        }
      }),
    );
  });

  it('starts in insertion order', () => {
    const pending: TQueueRuleItem = { status: 'pending', size: 1, relativePath: '', kind: 'form' };
    expect(pickToStart([pending, pending, pending, pending], CHUNK)).toEqual([0, 1, 2]);
  });
});

describe('keepActive', () => {
  it('keeps exactly the in-progress uploads', () => {
    fc.assert(
      fc.property(fc.array(itemArb), (items) => {
        const kept = keepActive(items);
        expect(kept.every((item) => item.status === 'inProgress')).toBe(true);
        expect(kept.length).toBe(items.filter((item) => item.status === 'inProgress').length);
      }),
    );
  });
});

it('percentageOf stays within 0-100', () => {
  fc.assert(
    fc.property(fc.nat(), fc.nat(), (done, total) => {
      const value = percentageOf(done, total);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }),
  );
  expect(percentageOf(50, 200)).toBe(25);
});
