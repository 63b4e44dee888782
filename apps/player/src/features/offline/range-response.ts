/** An inclusive byte range of a stored file. */
export type TByteRange = { start: number; end: number };

/**
 * RFC 9110 14.2 for one stored file of `size` bytes: the range a `Range` header asks for, null
 * to answer the whole file (no header, a unit other than bytes, a malformed or multi-part
 * request, which a server may ignore), or 'unsatisfiable' (416).
 */
export function parseByteRange(header: string | null, size: number): TByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  // `last` before `first` is malformed (ignored); a start past the end cannot be met.
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/**
 * The answer a server would give to `rangeHeader` for `body`: 206 with Content-Range for a
 * range, 416 when it lies past the end, else 200 with the whole file. Media elements seek with
 * these, so the service worker answers them from a stored file exactly so.
 */
export function rangeResponse(body: Blob, rangeHeader: string | null, contentType?: string): Response {
  const size = body.size;
  const type = contentType || body.type || 'application/octet-stream';
  const range = parseByteRange(rangeHeader, size);
  if (range === 'unsatisfiable') {
    return new Response(null, {
      status: 416,
      statusText: 'Range Not Satisfiable',
      headers: { 'content-range': `bytes */${size}`, 'accept-ranges': 'bytes' },
    });
  }
  if (!range) {
    return new Response(body, {
      status: 200,
      headers: { 'content-type': type, 'content-length': String(size), 'accept-ranges': 'bytes' },
    });
  }
  const part = body.slice(range.start, range.end + 1, type);
  return new Response(part, {
    status: 206,
    statusText: 'Partial Content',
    headers: {
      'content-type': type,
      'content-length': String(part.size),
      'content-range': `bytes ${range.start}-${range.end}/${size}`,
      'accept-ranges': 'bytes',
    },
  });
}
