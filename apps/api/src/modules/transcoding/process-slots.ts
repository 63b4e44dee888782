import { AppError } from '../../platform/http/app-error';

export type Slot = { release: () => void };

export type ProcessSlots = {
  /** Waits for a free slot, at most `timeoutMs`, or until `signal` aborts (the client left). */
  acquire(timeoutMs: number, signal?: AbortSignal): Promise<Slot>;
  readonly running: number;
  readonly waiting: number;
};

type Waiter = { grant: (slot: Slot) => void; fail: (error: Error) => void };

export const QUEUE_TIMEOUT_MESSAGE = 'Every transcoder is busy. Try again in a moment.';

/**
 * At most `limit()` ffmpeg processes at once; the rest wait in order. The limit is read at each
 * acquire, so an admin's change applies to the next stream.
 */
export function createProcessSlots(limit: () => number): ProcessSlots {
  let running = 0;
  const queue: Waiter[] = [];

  function slot(): Slot {
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        running--;
        next();
      },
    };
  }

  function next() {
    while (running < limit() && queue.length > 0) {
      const waiter = queue.shift() as Waiter;
      running++;
      waiter.grant(slot());
    }
  }

  return {
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    acquire(timeoutMs, signal) {
      if (running < limit() && queue.length === 0) {
        running++;
        return Promise.resolve(slot());
      }
      return new Promise<Slot>((resolve, reject) => {
        const waiter: Waiter = {
          grant: (granted) => {
            cleanup();
            resolve(granted);
          },
          fail: (error) => {
            cleanup();
            reject(error);
          },
        };
        const leave = (error: Error) => {
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          waiter.fail(error);
        };
        const timer = setTimeout(() => leave(new AppError('unavailable', QUEUE_TIMEOUT_MESSAGE)), timeoutMs);
        const onAbort = () => leave(new Error('The client went away while waiting for a transcoder.'));
        function cleanup() {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
        }
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(waiter);
      });
    },
  };
}
