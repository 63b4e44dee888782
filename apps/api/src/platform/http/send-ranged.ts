import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ByteRange, parseRange } from './byte-range';

/** What the validators and headers of a file answer are built from, whatever holds its bytes. */
export type RangedFile = {
  size: number;
  lastModified: Date;
  mime: string;
  cacheControl: string;
  /** `attachment; filename=...` for downloads. */
  disposition?: string;
  /** Adds `X-Content-Type-Options: nosniff` (files other people uploaded). */
  isNoSniff?: boolean;
};

export function entityTag(size: number, mtime: Date): string {
  return `"${size.toString(16)}-${Math.floor(mtime.getTime()).toString(16)}"`;
}

// HTTP dates have whole seconds, so validators compare the file's time truncated to the second.
const toSecond = (date: Date) => Math.floor(date.getTime() / 1000) * 1000;

function matchesEtag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((value) => value.trim().replace(/^W\//, '') === etag);
}

function isNotModified(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) return matchesEtag(ifNoneMatch, etag);
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && toSecond(lastModified) <= since;
}

/** `If-Range` keeps a resumed download from stitching two versions of a file together. */
function isRangeStillValid(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const header = request.headers['if-range'];
  const ifRange = Array.isArray(header) ? header[0] : header;
  if (!ifRange) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === etag;
  const date = Date.parse(ifRange);
  return Number.isFinite(date) && toSecond(lastModified) === date;
}

/**
 * The conditional-request and byte-range negotiation of a file answer (RFC 9110): sets the
 * validators, answers 304 and 416 itself, and calls `sendBytes` with the status already set
 * for a 200 (`range` null) or 206 that has a body. HEAD and empty files never open the bytes.
 */
export function sendRanged<Sent>(
  request: FastifyRequest,
  reply: FastifyReply,
  file: RangedFile,
  sendBytes: (range: ByteRange | null) => Sent,
): FastifyReply | Sent {
  const etag = entityTag(file.size, file.lastModified);
  reply.header('Accept-Ranges', 'bytes');
  reply.header('ETag', etag);
  reply.header('Last-Modified', file.lastModified.toUTCString());
  reply.header('Cache-Control', file.cacheControl);
  if (file.isNoSniff) reply.header('X-Content-Type-Options', 'nosniff');
  if (file.disposition) reply.header('Content-Disposition', file.disposition);

  if (isNotModified(request, etag, file.lastModified)) return reply.code(304).send();

  const range = isRangeStillValid(request, etag, file.lastModified)
    ? parseRange(request.headers.range, file.size)
    : null;
  if (range === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${file.size}`);
    return reply
      .code(416)
      .type('application/json; charset=utf-8')
      .send({ message: 'Requested range not satisfiable.' });
  }
  reply.type(file.mime);
  const isHead = request.method === 'HEAD';
  if (!range) {
    reply.header('Content-Length', file.size);
    if (isHead || file.size === 0) return reply.code(200).send();
    reply.code(200);
    return sendBytes(null);
  }
  reply.header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
  reply.header('Content-Length', range.end - range.start + 1);
  if (isHead) return reply.code(206).send();
  reply.code(206);
  return sendBytes(range);
}
