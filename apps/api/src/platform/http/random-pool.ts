import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

/**
 * `size` fresh CSPRNG bytes as text, taken from a pool filled in batches: one call into the
 * generator per 4 KiB instead of one per token or nonce (a third of the CPU of a kept guest page's
 * own work went to `randomBytes(16)` for its nonce). Each byte is handed out once.
 */
export function randomText(size: number, encoding: 'base64' | 'base64url'): string {
  if (size > POOL_BYTES) throw new RangeError(`randomText: at most ${POOL_BYTES} bytes`);
  if (offset + size > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const text = pool.toString(encoding, offset, offset + size);
  offset += size;
  return text;
}
