import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fixedLength } from './fixed-length';

async function through(chunks: Buffer[], total: number): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(fixedLength(total))) out.push(chunk as Buffer);
  return Buffer.concat(out);
}

describe('fixedLength (estimateContentLength)', () => {
  it('cuts a longer stream at exactly the announced length', async () => {
    const out = await through([Buffer.alloc(700, 1), Buffer.alloc(700, 2)], 1000);
    expect(out.length).toBe(1000);
    expect(out.subarray(0, 700).every((byte) => byte === 1)).toBe(true);
    expect(out.subarray(700).every((byte) => byte === 2)).toBe(true);
  });

  it('pads a shorter stream with zero bytes up to the announced length', async () => {
    const out = await through([Buffer.alloc(300, 7)], 200_000);
    expect(out.length).toBe(200_000);
    expect(out.subarray(0, 300).every((byte) => byte === 7)).toBe(true);
    expect(out.subarray(300).every((byte) => byte === 0)).toBe(true);
  });
});
