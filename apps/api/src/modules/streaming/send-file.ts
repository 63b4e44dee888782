import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendRanged } from '../../platform/http/send-ranged';

export type FileToSend = {
  path: string;
  size: number;
  mtime: Date;
  mime: string;
  cacheControl: string;
  /** `attachment; filename=...` for downloads. */
  disposition?: string;
};

/**
 * Streams a file (or one byte range of it) straight from disk: `fs.createReadStream` with
 * start/end, never buffering the whole file. 206/416/304 per RFC 9110.
 */
export function sendFile(request: FastifyRequest, reply: FastifyReply, file: FileToSend) {
  const { path, mtime, ...headers } = file;
  return sendRanged(request, reply, { ...headers, lastModified: mtime }, (range) =>
    reply.send(
      range ? createReadStream(path, { start: range.start, end: range.end }) : createReadStream(path),
    ),
  );
}
