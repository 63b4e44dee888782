import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StorageDriver } from '../../platform/storage/storage';
import { parseRange } from '../streaming/byte-range';
import { entityTag } from '../streaming/send-file';

export type StoredFileToSend = {
  driver: StorageDriver;
  path: string;
  size: number;
  lastModified: Date;
  mime: string;
  cacheControl: string;
  disposition?: string;
};

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
 * Streams a stored file (or one byte range of it) through its storage driver, so the same
 * answer works for any disk: 200/206/304/416 per RFC 9110, never buffering the file. The
 * byte-range grammar is the streaming module's `parseRange`, shared with track streaming.
 */
export async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, file: StoredFileToSend) {
  const etag = entityTag(file.size, file.lastModified);
  reply.header('Accept-Ranges', 'bytes');
  reply.header('ETag', etag);
  reply.header('Last-Modified', file.lastModified.toUTCString());
  reply.header('Cache-Control', file.cacheControl);
  reply.header('X-Content-Type-Options', 'nosniff');
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
    return reply.code(200).send(await file.driver.createReadStream(file.path));
  }
  reply.header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
  reply.header('Content-Length', range.end - range.start + 1);
  if (isHead) return reply.code(206).send();
  return reply.code(206).send(await file.driver.createReadStream(file.path, range));
}
