import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseRange } from './byte-range';

export type FileToSend = {
  path: string;
  size: number;
  mtime: Date;
  mime: string;
  cacheControl: string;
  /** `attachment; filename=...` for downloads. */
  disposition?: string;
};

export function entityTag(size: number, mtime: Date): string {
  return `"${size.toString(16)}-${Math.floor(mtime.getTime()).toString(16)}"`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((value) => value.trim().replace(/^W\//, '') === etag);
}

function isNotModified(request: FastifyRequest, etag: string, mtime: Date): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) return matchesEtag(ifNoneMatch, etag);
  const since = request.headers['if-modified-since'];
  if (!since) return false;
  const sinceMs = Date.parse(since);
  return Number.isFinite(sinceMs) && Math.floor(mtime.getTime() / 1000) * 1000 <= sinceMs;
}

/** `If-Range` keeps a resumed download from stitching two versions of a file together. */
function isRangeStillValid(request: FastifyRequest, etag: string, mtime: Date): boolean {
  const header = request.headers['if-range'];
  const ifRange = Array.isArray(header) ? header[0] : header;
  if (!ifRange) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === etag;
  const date = Date.parse(ifRange);
  return Number.isFinite(date) && Math.floor(mtime.getTime() / 1000) * 1000 === date;
}

/**
 * Streams a file (or one byte range of it) straight from disk: `fs.createReadStream` with
 * start/end, never buffering the whole file. 206/416/304 per RFC 9110.
 */
export function sendFile(request: FastifyRequest, reply: FastifyReply, file: FileToSend) {
  const etag = entityTag(file.size, file.mtime);
  reply.header('Accept-Ranges', 'bytes');
  reply.header('ETag', etag);
  reply.header('Last-Modified', file.mtime.toUTCString());
  reply.header('Cache-Control', file.cacheControl);
  if (file.disposition) reply.header('Content-Disposition', file.disposition);

  if (isNotModified(request, etag, file.mtime)) return reply.code(304).send();

  const range = isRangeStillValid(request, etag, file.mtime)
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
  if (!range) {
    reply.header('Content-Length', file.size);
    if (request.method === 'HEAD' || file.size === 0) return reply.code(200).send();
    return reply.code(200).send(createReadStream(file.path));
  }
  reply.header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
  reply.header('Content-Length', range.end - range.start + 1);
  if (request.method === 'HEAD') return reply.code(206).send();
  return reply.code(206).send(createReadStream(file.path, { start: range.start, end: range.end }));
}
