import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import type { ByteRange } from '../../platform/http/byte-range';
import { sendRanged } from '../../platform/http/send-ranged';
import type { OpenFile, OpenFiles } from './open-files';

export type FileToSend = {
  path: string;
  mime: string;
  cacheControl: string;
  /** `attachment; filename=...` for downloads. */
  disposition?: string;
  /** Adds `X-Content-Type-Options: nosniff` (files other people uploaded). */
  isNoSniff?: boolean;
  /** The 404's message when the file is missing. */
  notFoundMessage?: string;
};

/**
 * Up to this many bytes go out as one buffer filled by one positional read. A player's range
 * requests are mostly below it; a stream would read them in 64 KiB steps, each a syscall and
 * a socket write of its own.
 */
const SINGLE_READ_MAX = 1024 * 1024;
/** Larger answers stream in chunks this big (fewer reads and writes than the 64 KiB default). */
const STREAM_CHUNK = 256 * 1024;

/**
 * Sends a file (or one byte range of it) straight from disk through a shared open handle,
 * never buffering more than one range: 206/416/304 per RFC 9110. 404 when the file is gone.
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  files: OpenFiles,
  file: FileToSend,
): Promise<FastifyReply> {
  const { path, notFoundMessage, ...headers } = file;
  const opened = await files.acquire(path);
  if (!opened) throw new AppError('not_found', notFoundMessage);
  let isHandedOff = false;
  try {
    return await sendRanged(
      request,
      reply,
      { ...headers, size: opened.size, lastModified: opened.mtime },
      (range) => {
        isHandedOff = true;
        return sendBytes(reply, opened, range);
      },
    );
  } finally {
    // 304, 416, HEAD and empty files never read: their lease ends with the answer.
    if (!isHandedOff) opened.release();
  }
}

async function sendBytes(
  reply: FastifyReply,
  opened: OpenFile,
  range: ByteRange | null,
): Promise<FastifyReply> {
  const start = range?.start ?? 0;
  const end = range?.end ?? opened.size - 1;
  const length = end - start + 1;
  if (length <= SINGLE_READ_MAX) {
    try {
      const buffer = Buffer.allocUnsafe(length);
      const { bytesRead } = await opened.handle.read(buffer, 0, length, start).catch((error) => {
        opened.discard();
        throw error;
      });
      // Truncated under us: the headers already promise `length` bytes, so send none of them.
      if (bytesRead !== length) {
        opened.discard();
        throw new AppError('unavailable', 'The file changed while it was read.');
      }
      return reply.send(buffer);
    } finally {
      opened.release();
    }
  }
  return reply.send(rangeStream(opened, start, end));
}

/**
 * The bytes `start..end` of the shared handle in STREAM_CHUNK reads. Not `handle.createReadStream`:
 * destroying that stream (a listener who skips away mid-file) closes the handle itself, which
 * every other request of the file still uses.
 */
function rangeStream(opened: OpenFile, start: number, end: number): Readable {
  let position = start;
  return new Readable({
    highWaterMark: STREAM_CHUNK,
    async read() {
      const length = Math.min(STREAM_CHUNK, end - position + 1);
      if (length <= 0) {
        this.push(null);
        return;
      }
      try {
        const buffer = Buffer.allocUnsafe(length);
        const { bytesRead } = await opened.handle.read(buffer, 0, length, position);
        if (bytesRead === 0) throw new Error('The file ended before the range it was asked for.');
        position += bytesRead;
        this.push(bytesRead === length ? buffer : buffer.subarray(0, bytesRead));
      } catch (error) {
        opened.discard();
        this.destroy(error as Error);
      }
    },
    // Ended, failed or abandoned by the client: the lease ends, the handle stays open for others.
    destroy(error, callback) {
      opened.release();
      callback(error);
    },
  });
}
