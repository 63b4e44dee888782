import type { TUploadStatus, TUploadStrategyKind } from './upload-types';

export const QUEUE_CONCURRENCY = 3;

export type TUploadEvent = 'start' | 'complete' | 'error' | 'timeout' | 'abort' | 'retry';

/** Spec 4 "Upload status"; null when the event does not apply in that status. */
export function nextStatus(status: TUploadStatus, event: TUploadEvent): TUploadStatus | null {
  switch (event) {
    case 'start':
      return status === 'pending' ? 'inProgress' : null;
    case 'complete':
      return status === 'inProgress' ? 'completed' : null;
    case 'error':
    case 'timeout':
      return status === 'inProgress' ? 'failed' : null;
    case 'abort':
      return status === 'pending' || status === 'inProgress' ? 'aborted' : null;
    case 'retry':
      return status === 'failed' || status === 'aborted' ? 'pending' : null;
  }
}

export interface TQueueRuleItem {
  status: TUploadStatus;
  size: number;
  relativePath: string;
  kind: TUploadStrategyKind | null;
}

/** Uploads that make the queue go one at a time while they run (spec 4). */
export function isExclusive(item: TQueueRuleItem, chunkSize: number): boolean {
  if (item.relativePath) return true;
  if (item.kind === 's3-multipart') return true;
  return item.kind === 'tus' && item.size > chunkSize;
}

export function maxConcurrency(items: readonly TQueueRuleItem[], chunkSize: number): number {
  const hasExclusive = items.some((item) => item.status === 'inProgress' && isExclusive(item, chunkSize));
  return hasExclusive ? 1 : QUEUE_CONCURRENCY;
}

/**
 * Indexes of pending items to start now, oldest first. Each start counts at once, so an
 * exclusive upload started in this pass stops further starts in the same pass.
 */
export function pickToStart(items: readonly TQueueRuleItem[], chunkSize: number): number[] {
  const simulated = items.map((item) => ({ ...item }));
  const picked: number[] = [];
  for (const [index, item] of simulated.entries()) {
    if (item.status !== 'pending') continue;
    const running = simulated.filter((other) => other.status === 'inProgress').length;
    if (running >= maxConcurrency(simulated, chunkSize)) break;
    item.status = 'inProgress';
    picked.push(index);
  }
  return picked;
}

/** Spec 4: clearing inactive keeps only what is in progress. */
export function keepActive<T extends { status: TUploadStatus }>(items: readonly T[]): T[] {
  return items.filter((item) => item.status === 'inProgress');
}

export function percentageOf(bytesUploaded: number, bytesTotal: number): number {
  if (bytesTotal <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((bytesUploaded / bytesTotal) * 100)));
}
