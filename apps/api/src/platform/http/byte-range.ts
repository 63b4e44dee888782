export type ByteRange = { start: number; end: number };
/** `null`: no usable Range (serve the whole file, 200); `unsatisfiable`: answer 416. */
export type RangeResult = ByteRange | 'unsatisfiable' | null;

const SPEC = /^(\d*)-(\d*)$/;

/**
 * RFC 9110 single byte ranges: `a-b`, `a-` and suffix `-n`, clamped to the file. Other units and
 * multi-range requests are ignored (a server may always answer the whole representation);
 * malformed byte ranges and ranges that start past the end are unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return null;
  const trimmed = header.trim();
  if (!/^bytes=/i.test(trimmed)) return null;
  const spec = trimmed.slice(6).trim();
  if (spec.includes(',')) return null;
  const match = SPEC.exec(spec);
  if (!match) return 'unsatisfiable';
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return 'unsatisfiable';
  if (first === '') {
    const suffix = Number(last);
    if (!Number.isSafeInteger(suffix) || suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (!Number.isSafeInteger(start) || start >= size) return 'unsatisfiable';
  if (last === '') return { start, end: size - 1 };
  const end = Number(last);
  if (!Number.isSafeInteger(end) && end !== Number.POSITIVE_INFINITY) return 'unsatisfiable';
  if (end < start) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
