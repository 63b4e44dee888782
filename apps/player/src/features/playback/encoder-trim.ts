/**
 * Encoder delay and padding (issue 36, true gapless). MP3 and AAC encoders put silence before a
 * track's first sample (priming: LAME's 576 samples, plus the 529 of an FFmpeg-style MP3 decoder;
 * 1024 or 2112 for AAC) and after its last (padding up to a whole frame). A decoder that knows the
 * LAME/Info header or `iTunSMPB` (or an MP4 edit list) drops them; Chromium's `decodeAudioData`
 * does for files that carry them. A stream the api transcodes into a pipe carries none (ffmpeg
 * writes the Info frame only into a seekable output): its decoded copy keeps ~25 ms of silence
 * before and up to a frame after, which a join would hear as a gap. This module finds what to
 * trim from the bytes (before they are decoded) and the decoded length (after).
 */

export type TEncoderGapless = {
  codec: 'mp3' | 'aac';
  /** The file's sample rate (the decoded buffer may be at another: the context's). */
  sampleRate: number;
  /** Samples per frame (1152 or 576 for MP3, 1024 for AAC): decoders output whole frames. */
  frameSamples: number;
  /** Priming samples the encoder wrote, as the header says (null: no header, the encoder's usual). */
  delay: number | null;
  /** Padding samples after the last real one (null: unknown). */
  padding: number | null;
  /** Real samples of the track (null: unknown). */
  samples: number | null;
};

/** LAME's own delay (what FFmpeg's libmp3lame writes too). */
export const LAME_DELAY = 576;
/** The delay an FFmpeg-style MP3 decoder (Chromium's) adds to the encoder's. */
export const MP3_DECODER_DELAY = 529;
/** The priming of FFmpeg's AAC encoder (the api's transcodes), one frame. */
export const AAC_PRIMING = 1024;

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** Where the audio starts after an ID3v2 tag (its size is syncsafe, a footer adds 10 bytes). */
function afterId3(bytes: Uint8Array): number {
  if (bytes.length < 10 || ascii(bytes, 0, 3) !== 'ID3') return 0;
  const size = ((bytes[6] ?? 0) << 21) | ((bytes[7] ?? 0) << 14) | ((bytes[8] ?? 0) << 7) | (bytes[9] ?? 0);
  return 10 + size + ((bytes[5] ?? 0) & 0x10 ? 10 : 0);
}

const MP3_RATES = [44_100, 48_000, 32_000];

/**
 * The first MP3 frame and, when it is a Xing/Info frame, its frame count and the LAME extension's
 * delay and padding (12 bits each, 21 bytes after the 9-byte encoder string: `LAME3.100` or
 * FFmpeg's `Lavc61.19`). null: not an MP3 (no Layer III frame right after the tags).
 */
export function readMp3Gapless(bytes: Uint8Array): TEncoderGapless | null {
  // The first frame right after the tags, nowhere else: a FLAC's or an MP4's pictures hold bytes
  // that look like a frame's start, and a wrong guess would cut real audio.
  const at = afterId3(bytes);
  if (!isFrameSync(bytes, at)) return null;
  const b1 = bytes[at + 1] ?? 0;
  const b2 = bytes[at + 2] ?? 0;
  const b3 = bytes[at + 3] ?? 0;
  const version = (b1 >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const rateIndex = (b2 >> 2) & 3;
  const baseRate = MP3_RATES[rateIndex];
  if (baseRate === undefined) return null;
  const isMpeg1 = version === 3;
  const sampleRate = isMpeg1 ? baseRate : version === 2 ? baseRate / 2 : baseRate / 4;
  const isMono = ((b3 >> 6) & 3) === 3;
  const frameSamples = isMpeg1 ? 1152 : 576;
  const sideInfo = isMpeg1 ? (isMono ? 17 : 32) : isMono ? 9 : 17;
  const tagAt = at + 4 + sideInfo;
  const tag = ascii(bytes, tagAt, 4);
  const none: TEncoderGapless = {
    codec: 'mp3',
    sampleRate,
    frameSamples,
    delay: null,
    padding: null,
    samples: null,
  };
  if (tag !== 'Xing' && tag !== 'Info') return none;
  const flags = readUint32(bytes, tagAt + 4);
  let field = tagAt + 8;
  let frames: number | null = null;
  if (flags & 1) {
    frames = readUint32(bytes, field);
    field += 4;
  }
  if (flags & 2) field += 4; // bytes
  if (flags & 4) field += 100; // seek table
  if (flags & 8) field += 4; // quality
  // The LAME extension: a 9-byte encoder string, then 12 bytes of fields, then delay and padding.
  const lengthsAt = field + 21;
  if (lengthsAt + 3 > bytes.length || !/^[A-Za-z]{4}/.test(ascii(bytes, field, 4))) {
    return { ...none, samples: frames === null ? null : frames * frameSamples };
  }
  const l0 = bytes[lengthsAt] ?? 0;
  const l1 = bytes[lengthsAt + 1] ?? 0;
  const l2 = bytes[lengthsAt + 2] ?? 0;
  const delay = (l0 << 4) | (l1 >> 4);
  const padding = ((l1 & 0x0f) << 8) | l2;
  const samples = frames === null ? null : frames * frameSamples - delay - padding;
  return { ...none, delay, padding, samples: samples !== null && samples > 0 ? samples : null };
}

function isFrameSync(bytes: Uint8Array, at: number): boolean {
  const b1 = bytes[at + 1] ?? 0;
  const bitRateIndex = (bytes[at + 2] ?? 0) >> 4;
  // 11 sync bits, a known version, Layer III, a bitrate that is neither free nor invalid.
  return (
    bytes[at] === 0xff &&
    (b1 & 0xe0) === 0xe0 &&
    ((b1 >> 3) & 3) !== 1 &&
    ((b1 >> 1) & 3) === 1 &&
    bitRateIndex !== 0 &&
    bitRateIndex !== 15
  );
}

const readUint32 = (bytes: Uint8Array, at: number) =>
  (((bytes[at] ?? 0) << 24) |
    ((bytes[at + 1] ?? 0) << 16) |
    ((bytes[at + 2] ?? 0) << 8) |
    (bytes[at + 3] ?? 0)) >>>
  0;

const SMPB = /^\s*[0-9A-Fa-f]{8} ([0-9A-Fa-f]{8}) ([0-9A-Fa-f]{8}) ([0-9A-Fa-f]{16})/;
const SMPB_TAG = [0x69, 0x54, 0x75, 0x6e, 0x53, 0x4d, 0x50, 0x42]; // "iTunSMPB"

/**
 * iTunes' gapless comment (`iTunSMPB`: ` 00000000 <priming> <padding> <samples> ...` in hex), in an
 * MP4's `----` atom, its `mdta` keys or an ID3 comment: the value follows the name closely in each.
 */
export function readItunSmpb(
  bytes: Uint8Array,
): Pick<TEncoderGapless, 'delay' | 'padding' | 'samples'> | null {
  for (let at = bytes.indexOf(SMPB_TAG[0] ?? 0); at !== -1; at = bytes.indexOf(SMPB_TAG[0] ?? 0, at + 1)) {
    if (!SMPB_TAG.every((byte, index) => bytes[at + index] === byte)) continue;
    const after = ascii(bytes, at + 8, 256);
    const start = after.search(/ [0-9A-Fa-f]{8} /);
    const match = start === -1 ? null : SMPB.exec(after.slice(start));
    if (!match) continue;
    return {
      delay: Number.parseInt(match[1] ?? '', 16),
      padding: Number.parseInt(match[2] ?? '', 16),
      samples: Number.parseInt(match[3] ?? '', 16) || null,
    };
  }
  return null;
}

/** ADTS (the api's AAC transcodes) or an MP4 with an AAC track: the file's sample rate when ADTS says it. */
function readAac(bytes: Uint8Array): TEncoderGapless | null {
  const start = afterId3(bytes);
  const isAdts = bytes[start] === 0xff && ((bytes[start + 1] ?? 0) & 0xf6) === 0xf0;
  const isMp4 = ascii(bytes, 4, 4) === 'ftyp';
  if (!isAdts && !isMp4) return null;
  const ADTS_RATES = [
    96_000, 88_200, 64_000, 48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025, 8000,
  ];
  const rate = isAdts ? ADTS_RATES[((bytes[start + 2] ?? 0) >> 2) & 0x0f] : undefined;
  const smpb = readItunSmpb(bytes);
  return {
    codec: 'aac',
    sampleRate: rate ?? 0,
    frameSamples: 1024,
    delay: smpb?.delay ?? null,
    padding: smpb?.padding ?? null,
    samples: smpb?.samples ?? null,
  };
}

/** What the bytes of an MP3 or AAC file say about its priming and padding; null for other formats. */
export function readEncoderGapless(bytes: Uint8Array): TEncoderGapless | null {
  // An MP4 first: its boxes can hold bytes that look like an MP3 frame's start.
  if (ascii(bytes, 4, 4) === 'ftyp') return readAac(bytes);
  const mp3 = readMp3Gapless(bytes);
  if (mp3) {
    const smpb = mp3.delay === null ? readItunSmpb(bytes) : null;
    return smpb ? { ...mp3, ...smpb } : mp3;
  }
  return readAac(bytes);
}

/** The frames of a decoded buffer that are the track: `[start, end)` at the buffer's own rate. */
export type TTrim = { start: number; end: number };

/**
 * Which frames of a decoded buffer to keep. A decoder that already trimmed leaves the real length
 * (within half a frame): nothing to do. One that did not leaves whole frames: the priming goes
 * (the header's delay, else the encoder's usual one; MP3 adds its decoder's delay), then the
 * track's real length is kept (the header's, else `knownSeconds`, the catalogue's length, when it
 * ends inside the last frame; else up to the end). Every count is scaled from the file's rate to
 * the buffer's (decoded at the context's rate, which need not be 44.1 kHz).
 */
export function planTrim(
  info: TEncoderGapless | null,
  decoded: { length: number; sampleRate: number },
  knownSeconds: number | null = null,
): TTrim {
  const whole: TTrim = { start: 0, end: decoded.length };
  if (!info) return whole;
  const fileRate = info.sampleRate > 0 ? info.sampleRate : decoded.sampleRate;
  const scale = decoded.sampleRate / fileRate;
  const fileLength = decoded.length / scale;
  const halfFrame = info.frameSamples / 2;
  if (info.samples !== null && Math.abs(fileLength - info.samples) <= halfFrame) return whole;
  const frames = fileLength / info.frameSamples;
  // Not whole frames (within rounding of the rate change): some other trim happened; leave it.
  if (Math.abs(frames - Math.round(frames)) * info.frameSamples > 2 * Math.max(1, 1 / scale)) return whole;
  const encoderDelay = info.delay ?? (info.codec === 'mp3' ? LAME_DELAY : AAC_PRIMING);
  const startFile = encoderDelay + (info.codec === 'mp3' ? MP3_DECODER_DELAY : 0);
  if (startFile >= fileLength) return whole;
  let samples = info.samples;
  if (samples === null && knownSeconds !== null && knownSeconds > 0) {
    const fromCatalogue = Math.round(knownSeconds * fileRate);
    // Only a length that ends in the last frame (the padding) is trusted: else the catalogue is off.
    const tail = fileLength - startFile - fromCatalogue;
    if (tail >= 0 && tail < info.frameSamples + MP3_DECODER_DELAY) samples = fromCatalogue;
  }
  const endFile = samples === null ? fileLength : Math.min(fileLength, startFile + samples);
  return { start: Math.round(startFile * scale), end: Math.round(endFile * scale) };
}

/** A copy of `buffer`'s frames `[start, end)` (the same buffer when that is all of it). */
export function trimBuffer(context: BaseAudioContext, buffer: AudioBuffer, trim: TTrim): AudioBuffer {
  if (trim.start === 0 && trim.end === buffer.length) return buffer;
  const length = Math.max(1, trim.end - trim.start);
  const trimmed = context.createBuffer(buffer.numberOfChannels, length, buffer.sampleRate);
  for (let channel = 0; channel < buffer.numberOfChannels; channel++) {
    trimmed.copyToChannel(buffer.getChannelData(channel).subarray(trim.start, trim.start + length), channel);
  }
  return trimmed;
}
