import { stat } from 'node:fs/promises';
import type { TStreamQuery } from '@cadence/contracts/transcoding';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findListeningSettings } from '../listening/listening-settings.repository';
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
};

/**
 * The one entry point for a stream that may be transcoded: the web player's stream route calls it
 * when the request names `maxBitRate`, `format` or `timeOffset`, and the Subsonic `stream` method
 * can call it with its own parameters (same names, same meaning). It answers the transcode and
 * returns the reply, or returns null when the original fits (the caller then sends the original
 * as it always did). The listener's own settings (account settings: highest bitrate, format) are
 * applied under the request's; an external `http(s)` source is never fetched to be transcoded.
 */
export async function sendTranscodedIfNeeded(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  args: { track: TranscodableTrack; source: AudioSource; wish: TStreamQuery; userId: number | null },
): Promise<FastifyReply | null> {
  const { track, source, wish } = args;
  if (source.kind === 'redirect' && track.src) return null;
  const listener = args.userId
    ? await findListeningSettings(app.deps.db, args.userId)
    : { max_bit_rate: null, format: null };
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
  return app.services.transcoding.send(request, reply, {
    input,
    profile,
    sourceKey,
    timeOffset: wish.timeOffset,
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
