import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createResponseBuffers, joinForResponse } from './response-buffers';

describe('response buffers', () => {
  it('hands a buffer out again only after it was given back, within its budget', () => {
    const buffers = createResponseBuffers(10);
    const first = buffers.take(4);
    const second = buffers.take(4);
    expect(second).not.toBe(first);
    buffers.give(first);
    expect(buffers.take(5)).not.toBe(first);
    expect(buffers.take(4)).toBe(first);
    // Taken again: the next one of that length is new.
    expect(buffers.take(4)).not.toBe(first);
    buffers.give(first);
    buffers.give(second);
    buffers.give(Buffer.alloc(4)); // 12 bytes > 10: not kept
    const again = [buffers.take(4), buffers.take(4), buffers.take(4)];
    expect(again).toContain(first);
    expect(again).toContain(second);
    expect(again.filter((buffer) => buffer !== first && buffer !== second)).toHaveLength(1);
  });

  it('joins the parts into a buffer given back only when its response has finished', () => {
    const buffers = createResponseBuffers();
    const res = new EventEmitter() as unknown as ServerResponse;
    const joined = joinForResponse(buffers, res, [Buffer.from('{"a":'), Buffer.from('1}')]);
    expect(joined.toString()).toBe('{"a":1}');
    // In flight: the next answer of that length gets another buffer.
    const other = joinForResponse(buffers, new EventEmitter() as unknown as ServerResponse, [
      Buffer.from('{"b":2}'),
    ]);
    expect(other).not.toBe(joined);
    res.emit('finish');
    const next = joinForResponse(buffers, new EventEmitter() as unknown as ServerResponse, [
      Buffer.from('{"c":3}'),
    ]);
    expect(next).toBe(joined);
    expect(next.toString()).toBe('{"c":3}');
  });
});
