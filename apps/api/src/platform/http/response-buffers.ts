import type { ServerResponse } from 'node:http';
import { type BufferPool, createBufferPool } from './buffer-pool';

/**
 * Buffers for large answers built per request from cached pieces (a kept guest page, bootstrap
 * data): such answers go out a few thousand a second, and a fresh 40-50 KB buffer each (memory
 * outside the heap that V8 counts towards its next collection) made the collector a tenth of a
 * kept page's CPU. An answer is cut from a pooled slab that goes back once its response has
 * finished, so no two answers in flight share one.
 */
export function createResponseBuffers(): BufferPool {
  return createBufferPool({
    classes: [64 * 1024, 256 * 1024],
    maxIdleBytes: 4_000_000,
    trimAfterMs: 30_000,
  });
}

/** `length` bytes for `res`'s answer (contents undefined), their slab given back once it finished. */
export function takeForResponse(buffers: BufferPool, res: ServerResponse, length: number): Buffer {
  const slab = buffers.take(length);
  // A response cut short (the client gone) never finishes: its slab is left to the collector.
  res.once('finish', () => buffers.give(slab));
  return slab.subarray(0, length);
}

/** `parts` joined into one answer for `res` (see `takeForResponse`). */
export function joinForResponse(buffers: BufferPool, res: ServerResponse, parts: readonly Buffer[]): Buffer {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = takeForResponse(buffers, res, length);
  let at = 0;
  for (const part of parts) at += part.copy(out, at);
  return out;
}
