import { stat } from 'node:fs/promises';
import type { TStreamQuery } from '@cadence/contracts/transcoding';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ListenerLimits, listenerLimits, NO_LISTENER_LIMITS } from '../listening/listening-limits';
import type { AudioSource } from '../streaming/audio-source';
import { chooseProfile } from './choose-profile';
import type { TranscodeInput } from './run-ffmpeg';

export type TranscodableTrack = {
  id: number;
  src: string | null;
  mime: string | null;
  file_entry_id: number | string | null;
  /** bits per second; null when unknown. */
  bitrate: number | null;
  /** milliseconds; the `estimateContentLength` estimate needs it. */
  duration?: number | string | null;
};

/**
 * The signed-in listener's limits, or none for a guest. Callers start it before they look the
 * track up and await it after, so a listener's stream pays no extra round trip for it.
 */
export function listenerLimitsOf(app: FastifyInstance, userId: number | null): Promise<ListenerLimits> {
  if (userId === null) return Promise.resolve(NO_LISTENER_LIMITS);
  const limits = listenerLimits(app.deps, userId);
  // Awaited by the caller unless the track lookup failed first: never an unhandled rejection.
  limits.catch(() => {});
  return limits;
}

/** Whether a stream can need transcoding at all: the request names it, or the listener has a limit. */
export function mayTranscode(wish: TStreamQuery, listener: ListenerLimits): boolean {
  return (
    wish.maxBitRate !== undefined ||
    wish.format !== undefined ||
    wish.timeOffset !== undefined ||
    listener.max_bit_rate !== null
  );
}

/**
 * The one entry point for a stream that may be transcoded, for the web player's stream route and
 * the Subsonic `stream` method (same parameters, same meaning). It answers the transcode and
 * returns the reply, or returns null when the original fits (the caller then sends the original
 * as it always did). The listener's own limits (account settings: highest bitrate, format;
 * `listenerLimitsOf`) apply to every stream, under the request's; an external `http(s)` source
 * is never fetched to be transcoded. `estimatedLength`: the Subsonic `estimateContentLength`.
 */
export async function sendTranscodedIfNeeded(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  args: {
    track: TranscodableTrack;
    source: AudioSource;
    wish: TStreamQuery;
    listener: ListenerLimits;
    estimateLength?: boolean;
  },
): Promise<FastifyReply | null> {
  const { track, source, wish, listener } = args;
  // A plain request of a listener without a limit: nothing to choose, no setting read.
  if (!mayTranscode(wish, listener)) return null;
  if (source.kind === 'redirect' && track.src) return null;
  const siteFormat = await app.services.settings.get('transcoding.default_format');
  const original = {
    mime: source.kind === 'redirect' ? (track.mime ?? '') : source.mime,
    extension: source.kind === 'redirect' ? '' : source.extension,
    bitrate: track.bitrate,
  };
  const profile = chooseProfile(
    original,
    wish,
    { maxBitRate: listener.max_bit_rate, format: listener.format },
    siteFormat,
  );
  if (!profile) return null;
  const { input, sourceKey } = await transcodeInputOf(track, source);
  const offset = wish.timeOffset ?? 0;
  const seconds = Math.max(0, Number(track.duration ?? 0) / 1000 - offset);
  return app.services.transcoding.send(request, reply, {
    input,
    profile,
    sourceKey,
    timeOffset: wish.timeOffset,
    estimatedLength:
      args.estimateLength && seconds > 0 ? Math.ceil((seconds * profile.bitRate * 1000) / 8) : undefined,
  });
}

/** What ffmpeg reads and the cache key of that version of the source. */
async function transcodeInputOf(
  track: TranscodableTrack,
  source: AudioSource,
): Promise<{ input: TranscodeInput; sourceKey: string }> {
  if (source.kind === 'file') {
    // A file replaced in place (re-upload) gets new transcodes: its size and mtime are in the key.
    const info = await stat(source.path).catch(() => null);
    return {
      input: { kind: 'path', path: source.path },
      sourceKey: `file:${source.path}:${info?.size ?? 0}:${info?.mtimeMs ?? 0}`,
    };
  }
  if (source.kind === 'stored') {
    const { driver, path } = source;
    return {
      input: { kind: 'stream', open: () => driver.createReadStream(path) },
      sourceKey: `stored:${path}:${source.size}:${source.lastModified.getTime()}`,
    };
  }
  // A presigned URL of the track's own stored file: ffmpeg reads it over HTTP.
  return { input: { kind: 'path', path: source.url }, sourceKey: `entry:${track.id}:${track.file_entry_id}` };
}
