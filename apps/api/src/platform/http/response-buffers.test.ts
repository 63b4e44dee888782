import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createResponseBuffers, joinForResponse, takeForResponse } from './response-buffers';

const response = () => new EventEmitter() as unknown as ServerResponse;

describe('response buffers', () => {
  it('joins the parts into an answer whose memory is reused only after its response finished', () => {
    const buffers = createResponseBuffers();
    const res = response();
    const joined = joinForResponse(buffers, res, [Buffer.from('{"a":'), Buffer.from('1}')]);
    expect(joined.toString()).toBe('{"a":1}');
    // In flight: the next answer gets other memory.
    const other = joinForResponse(buffers, response(), [Buffer.from('{"b":2}')]);
    expect(other.buffer).not.toBe(joined.buffer);
    res.emit('finish');
    const next = joinForResponse(buffers, response(), [Buffer.from('{"c":33}')]);
    expect(next.buffer).toBe(joined.buffer);
    expect(next.toString()).toBe('{"c":33}');
  });

  it('gives an answer of exactly the asked length, and a response cut short keeps its memory', () => {
    const buffers = createResponseBuffers();
    const res = response();
    const page = takeForResponse(buffers, res, 52_952);
    expect(page.length).toBe(52_952);
    res.emit('close');
    expect(takeForResponse(buffers, response(), 52_952).buffer).not.toBe(page.buffer);
  });
});
