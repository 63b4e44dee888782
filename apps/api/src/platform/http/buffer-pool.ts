/**
 * Reused read buffers for file answers. A fresh `Buffer.allocUnsafe` of a few hundred KiB is new
 * memory: the positional read that fills it page-faults on every 4 KiB page and the kernel zeroes
 * each one (a 256 KiB read into a fresh buffer took 55-75 µs of CPU on this machine, into a reused
 * one 26-31 µs), and every such buffer counts as external memory that pushes V8 towards a full
 * garbage collection of the api's whole heap. A slab goes back only once nothing can still read
 * it: after the answer's `finish` (every byte handed to the kernel) or, mid-stream, when the
 * socket has nothing queued.
 */
export type BufferPool = {
  /** A slab of at least `length` bytes (contents undefined). */
  take: (length: number) => Buffer;
  /** Hands a slab back; beyond its class's idle budget it is left to the garbage collector. */
  give: (slab: Buffer) => void;
  /** Idle slabs per class size (for tests). */
  idle: () => Map<number, number>;
};

export type BufferPoolOptions = {
  /** Slab sizes, ascending. */
  classes: number[];
  /** Idle bytes kept per class. */
  maxIdleBytes: number;
  /** Idle slabs are dropped after this long without a `take` (memory of a burst is not kept). */
  trimAfterMs: number;
};

export function createBufferPool(options: BufferPoolOptions): BufferPool {
  const idle = new Map<number, Buffer[]>(options.classes.map((size) => [size, []]));
  let trimTimer: NodeJS.Timeout | null = null;

  function scheduleTrim() {
    if (trimTimer) trimTimer.refresh();
    else {
      trimTimer = setTimeout(() => {
        trimTimer = null;
        for (const slabs of idle.values()) slabs.length = 0;
      }, options.trimAfterMs);
      trimTimer.unref();
    }
  }

  return {
    take(length) {
      const size = options.classes.find((candidate) => candidate >= length);
      // Larger than every class: a one-off buffer, never pooled (give drops foreign sizes).
      if (size === undefined) return Buffer.allocUnsafeSlow(length);
      scheduleTrim();
      return idle.get(size)?.pop() ?? Buffer.allocUnsafeSlow(size);
    },
    give(slab) {
      const slabs = idle.get(slab.byteLength);
      if (!slabs || (slabs.length + 1) * slab.byteLength > options.maxIdleBytes) return;
      if (slabs.includes(slab)) return;
      slabs.push(slab);
    },
    idle: () => new Map([...idle].map(([size, slabs]) => [size, slabs.length])),
  };
}
