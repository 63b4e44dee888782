// @vitest-environment node
// Node's own Blob and Response: what a service worker has (jsdom's Blob cannot be a Response body).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseByteRange, rangeResponse } from './range-response';

const file = new Blob([new Uint8Array(Array.from({ length: 100 }, (_, index) => index))], {
  type: 'audio/mpeg',
});
const bytesOf = async (response: Response) => [...new Uint8Array(await response.arrayBuffer())];

describe('answering range requests from a stored file', () => {
  it('reads the three forms of a byte range and clips the end to the file', () => {
    expect(parseByteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseByteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=50-5000', 100)).toEqual({ start: 50, end: 99 });
  });

  it('ignores what a server may ignore, and refuses ranges past the end', () => {
    for (const header of [null, '', 'items=0-1', 'bytes=0-1,5-6', 'bytes=9-2', 'bytes=-', 'bytes=a-b'])
      expect(parseByteRange(header, 100)).toBeNull();
    expect(parseByteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('answers 206 with Content-Range and exactly the asked bytes', async () => {
    const response = rangeResponse(file, 'bytes=10-13');
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 10-13/100');
    expect(response.headers.get('content-length')).toBe('4');
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(await bytesOf(response)).toEqual([10, 11, 12, 13]);
  });

  it("answers a media element's first `bytes=0-` with the whole file as 206", async () => {
    const response = rangeResponse(file, 'bytes=0-');
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 0-99/100');
    expect((await bytesOf(response)).length).toBe(100);
  });

  it('answers 200 without a range and 416 with the size past the end', async () => {
    const whole = rangeResponse(file, null);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect((await bytesOf(whole)).length).toBe(100);
    const past = rangeResponse(file, 'bytes=200-300');
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */100');
  });

  it('returns the bytes a slice of the file holds, for any satisfiable range', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(99), fc.nat(150), async (start, length) => {
        const response = rangeResponse(file, `bytes=${start}-${start + length}`);
        const end = Math.min(start + length, 99);
        expect(response.status).toBe(206);
        expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/100`);
        expect(await bytesOf(response)).toEqual(Array.from({ length: end - start + 1 }, (_, i) => start + i));
      }),
      { numRuns: 50 },
    );
  });
});
