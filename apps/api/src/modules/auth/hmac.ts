import { createHmac, timingSafeEqual } from 'node:crypto';

/** Short codes (6 digits) are keyed with the app key: a leaked table alone cannot be brute-forced offline. */
export function keyedHash(appKey: string, purpose: string, value: string): string {
  return createHmac('sha256', appKey).update(`${purpose}:${value}`).digest('hex');
}

export function isSameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
