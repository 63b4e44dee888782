import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { setTimeout } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import { createOpenFiles } from '../streaming/open-files';
import { sendFile } from '../streaming/send-file';
import type { FfmpegLocation } from './ffmpeg-path';
import { fixedLength } from './fixed-length';
import { createProcessSlots, type ProcessSlots } from './process-slots';
import { errorTailOf, type FfmpegProcess, startTranscode, type TranscodeInput } from './run-ffmpeg';
import { createTranscodeCache, type TranscodeCache } from './transcode-cache';
import type { TranscodeProfile } from './transcode-profiles';

export type TranscodeJob = {
  input: TranscodeInput;
  profile: TranscodeProfile;
  /** Names the source and its version (a replaced file must not hit the old transcode). */
  sourceKey: string;
  /** Seconds into the track: a seek while the whole transcode is not on disk yet. */
  timeOffset?: number | undefined;
  /**
   * Bytes to announce as `Content-Length` of a live transcode (Subsonic `estimateContentLength`):
   * the body is then cut or padded to exactly that. A completed transcode has its real length.
   */
  estimatedLength?: number | undefined;
};

export type TranscodingLimits = {
  maxProcesses: () => Promise<number>;
  queueTimeoutMs: () => Promise<number>;
  cacheBytes: () => Promise<number>;
};

export type TranscodingService = {
  readonly ffmpeg: FfmpegLocation;
  readonly slots: ProcessSlots;
  readonly cache: TranscodeCache;
  /** Sends the transcode of `job`: the cached file with byte ranges, or a live ffmpeg stream. */
  send(request: FastifyRequest, reply: FastifyReply, job: TranscodeJob): Promise<FastifyReply>;
  /** Kills every running ffmpeg (shutdown). */
  close(): void;
};

export const TRANSCODE_FAILED_MESSAGE = 'This track could not be transcoded.';
export const NO_FFMPEG_MESSAGE = 'Transcoding is not available on this server.';
const LIVE_CACHE = 'private, no-cache';
const CACHED_CACHE = 'private, max-age=86400';
/** How long a finished ffmpeg's last bytes may take to reach the temp file. */
const FINISH_WAIT_MS = 10_000;

export function cacheKeyOf(sourceKey: string, profile: TranscodeProfile): string {
  return createHash('sha256')
    .update(`${sourceKey}|${profile.format}|${profile.bitRate}`)
    .digest('hex')
    .slice(0, 40);
}

/** Resolves once ffmpeg has output to read, or has exited (true: there is output). */
async function firstOutput(child: FfmpegProcess): Promise<boolean> {
  if (child.exitCode !== null) return child.stdout.readableLength > 0;
  await Promise.race([once(child.stdout, 'readable'), once(child, 'close')]).catch(() => {});
  return child.stdout.readableLength > 0;
}

/**
 * Transcoding on the fly (issue 36). A request whose transcode is complete on disk gets the file
 * with byte ranges; otherwise one ffmpeg process (at most `maxProcesses` at once, the rest queued
 * up to the timeout) streams to the client and, for a request from the start, into a temp file
 * that becomes the cached transcode when ffmpeg finishes. A seek (`timeOffset`) into a transcode
 * not yet on disk starts its own process at `-ss`, never waiting for the rest. A client that goes
 * away kills its process and its temp file is removed.
 */
export function createTranscodingService(
  ffmpeg: FfmpegLocation,
  cacheDir: string,
  limits: TranscodingLimits,
): TranscodingService {
  // Read before each acquire (an admin's change applies to the next stream); the slots read it sync.
  let maxProcesses = 1;
  const slots = createProcessSlots(() => maxProcesses);
  const cache = createTranscodeCache(cacheDir, limits.cacheBytes);
  const openFiles = createOpenFiles();
  const running = new Set<FfmpegProcess>();
  /** Keys being written to the cache now: a second listener streams without writing a second copy. */
  const producing = new Set<string>();

  async function sendLive(
    request: FastifyRequest,
    reply: FastifyReply,
    job: TranscodeJob,
    key: string,
  ): Promise<FastifyReply> {
    if (!ffmpeg.path) throw new AppError('unavailable', NO_FFMPEG_MESSAGE);
    // A HEAD (players and Subsonic apps probe before they play) learns what a GET would send
    // without a process started for a body nobody reads.
    if (request.method === 'HEAD') return sendLiveHeaders(reply, job).send();
    const gone = new AbortController();
    const onClose = () => {
      if (!reply.raw.writableFinished) gone.abort();
    };
    reply.raw.once('close', onClose);
    maxProcesses = await limits.maxProcesses();
    const slot = await slots.acquire(await limits.queueTimeoutMs(), gone.signal);
    const offset = job.timeOffset ?? 0;
    const child = startTranscode(ffmpeg.path, job.input, job.profile, offset);
    running.add(child);
    const kill = () => child.kill('SIGKILL');
    gone.signal.addEventListener('abort', kill, { once: true });
    const exited = once(child, 'close').catch(() => [null]);
    child.once('error', () => {});
    exited.then(() => {
      running.delete(child);
      slot.release();
      gone.signal.removeEventListener('abort', kill);
    });
    if (!(await firstOutput(child))) {
      await exited;
      request.log.warn({ ffmpeg: errorTailOf(child) }, 'transcode failed before any output');
      // The error answer is not the transcode it announced.
      reply.removeHeader('X-Transcoded-As');
      throw new AppError('unavailable', TRANSCODE_FAILED_MESSAGE);
    }
    const isCaching = offset === 0 && !producing.has(key) && (await limits.cacheBytes()) > 0;
    // The temp file is piped before the answer is: both see the output from its first byte.
    if (isCaching) await startCacheWrite(child, exited, key, job.profile.extension);
    sendLiveHeaders(reply, job);
    if (job.estimatedLength) return reply.send(child.stdout.pipe(fixedLength(job.estimatedLength)));
    return reply.send(child.stdout);
  }

  /** The headers of a live transcode: no ranges, a length only when the client asked for an estimate. */
  function sendLiveHeaders(reply: FastifyReply, job: TranscodeJob): FastifyReply {
    reply
      .header('Content-Type', job.profile.mime)
      .header('Cache-Control', LIVE_CACHE)
      .header('Accept-Ranges', 'none')
      .header('X-Content-Type-Options', 'nosniff');
    if (job.estimatedLength) reply.header('Content-Length', job.estimatedLength);
    return reply;
  }

  /** Tees ffmpeg's output into a temp file, renamed into the cache only when ffmpeg ended well. */
  async function startCacheWrite(
    child: FfmpegProcess,
    exited: Promise<unknown>,
    key: string,
    extension: string,
  ): Promise<void> {
    producing.add(key);
    let temporary: string;
    try {
      temporary = await cache.temporary(key, extension);
    } catch {
      // A cache that cannot be written only costs the next listener a transcode.
      producing.delete(key);
      return;
    }
    const file = createWriteStream(temporary);
    file.on('error', () => {});
    child.stdout.pipe(file);
    void finishCacheWrite(file, temporary, exited, key, extension);
  }

  async function finishCacheWrite(
    file: WriteStream,
    temporary: string,
    exited: Promise<unknown>,
    key: string,
    extension: string,
  ): Promise<void> {
    let isKept = false;
    try {
      const [code] = (await exited) as [number | null];
      // A killed process or a destroyed output never finishes the file: only a clean exit waits for it.
      if (code === 0 && !file.closed) {
        await Promise.race([once(file, 'close').catch(() => {}), setTimeout(FINISH_WAIT_MS)]);
      }
      if (code === 0 && file.writableFinished && !file.errored) {
        await cache.commit(key, extension, temporary);
        isKept = true;
      }
    } catch {
      // Same as above: not cached, nothing else fails.
    } finally {
      file.destroy();
      if (!isKept) await cache.discard(temporary);
      producing.delete(key);
    }
  }

  return {
    ffmpeg,
    slots,
    cache,
    async send(request, reply, job) {
      reply.header('X-Transcoded-As', `${job.profile.format}; ${job.profile.bitRate}k`);
      const key = cacheKeyOf(job.sourceKey, job.profile);
      if (!job.timeOffset) {
        const cached = await cache.lookup(key, job.profile.extension);
        if (cached) {
          return sendFile(request, reply, openFiles, {
            path: cached,
            mime: job.profile.mime,
            cacheControl: CACHED_CACHE,
            isNoSniff: true,
          });
        }
      }
      return sendLive(request, reply, job, key);
    },
    close() {
      for (const child of running) child.kill('SIGKILL');
      openFiles.closeAll();
    },
  };
}
