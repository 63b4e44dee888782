import { TRANSCODE_FORMATS, type TTranscodeFormat } from '@cadence/contracts/transcoding-formats';

/** One ffmpeg output: codec, container and what the answer says it is. */
export type TranscodeProfile = {
  format: TTranscodeFormat;
  /** kbps */
  bitRate: number;
  mime: string;
  extension: string;
};

type FormatSpec = { codec: string; container: string; mime: string; extension: string; extra?: string[] };

const FORMATS: Record<TTranscodeFormat, FormatSpec> = {
  // Constrained VBR: the asked bitrate on average (plain VBR spends far less on some music), so a
  // listener's data limit holds and the byte size of a time span stays predictable.
  opus: {
    codec: 'libopus',
    container: 'ogg',
    mime: 'audio/ogg',
    extension: 'opus',
    extra: ['-vbr', 'constrained'],
  },
  mp3: { codec: 'libmp3lame', container: 'mp3', mime: 'audio/mpeg', extension: 'mp3' },
  // ADTS streams play while they arrive; an MP4 would need its index first (or fragmenting).
  aac: { codec: 'aac', container: 'adts', mime: 'audio/aac', extension: 'aac' },
};

/** The bitrates a transcode is made at: a request's maximum picks the highest one below it. */
export const PROFILE_BITRATES = [32, 48, 64, 96, 128, 160, 192, 256, 320] as const;
/** A format asked for without a maximum. */
export const DEFAULT_BITRATE = 192;

/** What each accepted original looks like: its mime types and extensions, by format. */
const ORIGINAL_FORMAT: Record<TTranscodeFormat, { mimes: string[]; extensions: string[] }> = {
  opus: { mimes: ['audio/ogg', 'audio/opus'], extensions: ['opus'] },
  mp3: { mimes: ['audio/mpeg', 'audio/mp3'], extensions: ['mp3'] },
  aac: { mimes: ['audio/aac', 'audio/mp4', 'audio/x-m4a'], extensions: ['aac', 'm4a'] },
};

export function profileFor(format: TTranscodeFormat, bitRate: number): TranscodeProfile {
  const spec = FORMATS[format];
  return { format, bitRate, mime: spec.mime, extension: spec.extension };
}

/** ffmpeg's output arguments of a profile (after the input). */
export function outputArguments(profile: TranscodeProfile): string[] {
  const spec = FORMATS[profile.format];
  return [
    '-vn',
    '-map_metadata',
    '-1',
    '-c:a',
    spec.codec,
    '-b:a',
    `${profile.bitRate}k`,
    ...(spec.extra ?? []),
    '-f',
    spec.container,
  ];
}

/** The format an original already is (by mime, then extension), or null when none of ours. */
export function originalFormat(original: { mime: string; extension: string }): TTranscodeFormat | null {
  const extension = original.extension.toLowerCase();
  for (const format of TRANSCODE_FORMATS) {
    const known = ORIGINAL_FORMAT[format];
    if (known.extensions.includes(extension)) return format;
    // `.ogg` may be Vorbis: only an `.opus` extension proves Opus.
    if (format !== 'opus' && known.mimes.includes(original.mime.toLowerCase())) return format;
  }
  return null;
}

/** The highest profile bitrate at or below `max` kbps (the lowest profile when `max` is below all). */
export function bitRateAtMost(max: number): number {
  let chosen: number = PROFILE_BITRATES[0];
  for (const rate of PROFILE_BITRATES) if (rate <= max) chosen = rate;
  return chosen;
}
