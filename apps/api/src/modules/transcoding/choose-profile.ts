import type { TTranscodeFormat } from '@cadence/contracts/transcoding-formats';
import {
  bitRateAtMost,
  DEFAULT_BITRATE,
  originalFormat,
  profileFor,
  type TranscodeProfile,
} from './transcode-profiles';

export type StreamWish = {
  /** kbps, 0 or undefined: no limit. */
  maxBitRate?: number | undefined;
  /** `raw`: the original, whatever it is. */
  format?: TTranscodeFormat | 'raw' | undefined;
};

export type Original = {
  mime: string;
  extension: string;
  /** bits per second, as stored on the track; null when unknown. */
  bitrate: number | null;
};

/**
 * What a listener gets: null for the original, else the profile to transcode to. The request
 * wins over the listener's settings, which win over the site's default format. The original is
 * kept whenever it fits: a bitrate at or below the limit (a known one: an unknown bitrate is
 * assumed not to fit a limit) and, when a format is asked for, already that format.
 */
export function chooseProfile(
  original: Original,
  request: StreamWish,
  listener: { maxBitRate: number | null; format: TTranscodeFormat | null },
  siteFormat: TTranscodeFormat,
): TranscodeProfile | null {
  if (request.format === 'raw') return null;
  const limits = [request.maxBitRate, listener.maxBitRate].filter((rate): rate is number => Boolean(rate));
  const max = limits.length > 0 ? Math.min(...limits) : null;
  const asked = request.format ?? null;
  const current = originalFormat(original);
  const fitsRate = max === null || (original.bitrate !== null && original.bitrate <= max * 1000);
  const fitsFormat = asked === null || asked === current;
  if (fitsRate && fitsFormat) return null;
  const format = asked ?? listener.format ?? siteFormat;
  const bitRate = max === null ? DEFAULT_BITRATE : bitRateAtMost(max);
  // Asked only for a lower bitrate, and the original is that format at or below it: keep it.
  if (current === format && original.bitrate !== null && original.bitrate <= bitRate * 1000) return null;
  return profileFor(format, bitRate);
}
