import type { TLrcLine } from '@cadence/contracts/lrc';

/** Index of the line being sung at `positionMs` (the last one that started), -1 before the first. */
export function activeLineIndex(lines: TLrcLine[], positionMs: number): number {
  let low = 0;
  let high = lines.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((lines[mid]?.time_ms ?? 0) <= positionMs) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}
