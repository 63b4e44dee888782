import type { ServerResponse } from 'node:http';

/** Bytes of finished answers' buffers kept for the next answers of the same length. */
const SPARE_BYTES = 4_000_000;

export type ResponseBuffers = {
  /** A buffer of `length` bytes to fill entirely: a spare one, else a new one. */
  take(length: number): Buffer;
  /** A buffer the socket is done with (the response's `finish`), for a later answer. */
  give(buffer: Buffer): void;
};

/**
 * Buffers for large answers built per request from cached pieces (a kept guest page, bootstrap
 * data), reused once their response has finished: such answers go out a few thousand a second,
 * and a fresh 40-50 KB buffer each (memory outside the heap that V8 counts towards its next
 * collection) made the collector a tenth of a kept page's CPU. A buffer is only handed out again
 * after `give`, so no two answers in flight share one; its taker writes every byte of it.
 */
export function createResponseBuffers(budget = SPARE_BYTES): ResponseBuffers {
  const spare = new Map<number, Buffer[]>();
  let bytes = 0;
  return {
    take(length) {
      const list = spare.get(length);
      const buffer = list?.pop();
      if (!buffer) return Buffer.allocUnsafeSlow(length);
      if (list?.length === 0) spare.delete(length);
      bytes -= length;
      return buffer;
    },
    give(buffer) {
      if (bytes + buffer.length > budget) return;
      let list = spare.get(buffer.length);
      if (!list) {
        list = [];
        spare.set(buffer.length, list);
      }
      list.push(buffer);
      bytes += buffer.length;
    },
  };
}

/** `parts` joined into one buffer from `buffers`, given back once `res` has finished sending it. */
export function joinForResponse(
  buffers: ResponseBuffers,
  res: ServerResponse,
  parts: readonly Buffer[],
): Buffer {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = buffers.take(length);
  let at = 0;
  for (const part of parts) at += part.copy(out, at);
  giveWhenSent(buffers, res, out);
  return out;
}

/**
 * `buffer` back to `buffers` once the response has handed it to the socket (`finish`); a response
 * cut short (the client gone) keeps it to itself.
 */
export function giveWhenSent(buffers: ResponseBuffers, res: ServerResponse, buffer: Buffer): void {
  res.once('finish', () => buffers.give(buffer));
}
