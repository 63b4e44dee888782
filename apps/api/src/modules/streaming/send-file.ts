import type { ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import { createBufferPool } from '../../platform/http/buffer-pool';
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
/**
 * Larger answers stream in reads this big, each written before the next. 1 MiB reads with one
 * read ahead of the socket measured slower (0.86-0.97x whole files/s in busy A/B runs; likely
 * more bytes in flight than the CPU cache holds), so the size stays.
 */
const STREAM_CHUNK = 256 * 1024;
/**
 * Every read goes into a reused slab of the smallest class that holds it. 32 MiB idle per class
 * covers 128 concurrent 256 KiB ranges; a quiet half minute gives the memory back.
 */
const slabs = createBufferPool({
  classes: [64 * 1024, STREAM_CHUNK, SINGLE_READ_MAX],
  maxIdleBytes: 32 * 1024 * 1024,
  trimAfterMs: 30_000,
});

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
    const slab = slabs.take(length);
    try {
      const { bytesRead } = await opened.handle.read(slab, 0, length, start).catch((error) => {
        opened.discard();
        throw error;
      });
      // Truncated under us: the headers already promise `length` bytes, so send none of them.
      if (bytesRead !== length) {
        opened.discard();
        slabs.give(slab);
        throw new AppError('unavailable', 'The file changed while it was read.');
      }
      // Back to the pool once every byte is with the kernel; an aborted answer leaves it to the GC.
      reply.raw.once('finish', () => slabs.give(slab));
      return reply.send(slab.subarray(0, length));
    } finally {
      opened.release();
    }
  }
  const body = rangeStream(opened, start, end, reply.raw);
  reply.raw.once('finish', () => body.recycle());
  return reply.send(body);
}

type RangeStream = Readable & { recycle: () => void };

/** True once every byte written to `response` has been handed to the kernel. */
function isFlushed(response: ServerResponse): boolean {
  // Only a real socket says so; an injected answer (tests) keeps references until its end.
  return response.socket instanceof Socket && response.writableLength === 0;
}

/**
 * The bytes `start..end` of the shared handle in STREAM_CHUNK reads into pooled slabs. Not
 * `handle.createReadStream`: destroying that stream (a listener who skips away mid-file) closes
 * the handle itself, which every other request of the file still uses. A slab is reused only
 * when nothing can still read it: the stream has handed out every chunk and the socket has
 * written them all (or the answer finished).
 */
function rangeStream(opened: OpenFile, start: number, end: number, response: ServerResponse): RangeStream {
  let position = start;
  /** Slabs pushed and possibly still queued for the socket. */
  let pushed: Buffer[] = [];
  const recycle = () => {
    for (const slab of pushed) slabs.give(slab);
    pushed = [];
  };
  const stream = new Readable({
    highWaterMark: STREAM_CHUNK,
    async read() {
      const length = Math.min(STREAM_CHUNK, end - position + 1);
      if (length <= 0) {
        this.push(null);
        return;
      }
      if (this.readableLength === 0 && isFlushed(response)) recycle();
      const slab = slabs.take(length);
      try {
        const { bytesRead } = await opened.handle.read(slab, 0, length, position);
        if (bytesRead === 0) throw new Error('The file ended before the range it was asked for.');
        position += bytesRead;
        pushed.push(slab);
        this.push(slab.subarray(0, bytesRead));
      } catch (error) {
        slabs.give(slab);
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
  return Object.assign(stream, { recycle });
}
