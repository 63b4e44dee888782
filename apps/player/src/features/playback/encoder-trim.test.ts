import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planTrim, readEncoderGapless, readItunSmpb, readMp3Gapless, trimBuffer } from './encoder-trim';

// Real files from the ffmpeg the api transcodes with: a sine of a known number of samples.
const dir = mkdtempSync(join(tmpdir(), 'encoder-trim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function encode(name: string, args: string[], rate = 44_100, seconds = 1): Uint8Array {
  const path = join(dir, name);
  const input = ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=${rate}:duration=${seconds}`];
  if (args.includes('-')) {
    return new Uint8Array(execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...input, ...args]));
  }
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...input, ...args, path]);
  return new Uint8Array(readFileSync(path));
}

describe('readEncoderGapless', () => {
  it("reads the LAME extension's delay and padding and the Info frame count of an MP3 file", () => {
    const info = readMp3Gapless(encode('a.mp3', ['-c:a', 'libmp3lame', '-b:a', '128k']));
    expect(info).toEqual({
      codec: 'mp3',
      sampleRate: 44_100,
      frameSamples: 1152,
      delay: 576,
      // 40 frames of 1152 = 46080 = 576 + 44100 + 1404.
      padding: 1404,
      samples: 44_100,
    });
  });

  it('reads other rates and MPEG-2 frames (576 samples), mono or not', () => {
    const at48 = readMp3Gapless(encode('b.mp3', ['-c:a', 'libmp3lame', '-b:a', '128k'], 48_000, 0.5));
    expect(at48).toMatchObject({ sampleRate: 48_000, frameSamples: 1152, delay: 576, samples: 24_000 });
    const mpeg2 = readMp3Gapless(
      encode('c.mp3', ['-c:a', 'libmp3lame', '-b:a', '32k', '-ac', '2'], 22_050, 0.5),
    );
    expect(mpeg2).toMatchObject({ sampleRate: 22_050, frameSamples: 576, delay: 576, samples: 11_025 });
  });

  it('finds no header in an MP3 written to a pipe (the api transcodes): delay and length unknown', () => {
    const piped = encode('', ['-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', '-']);
    expect(readEncoderGapless(piped)).toEqual({
      codec: 'mp3',
      sampleRate: 44_100,
      frameSamples: 1152,
      delay: null,
      padding: null,
      samples: null,
    });
    const adts = encode('', ['-c:a', 'aac', '-b:a', '96k', '-f', 'adts', '-']);
    expect(readEncoderGapless(adts)).toMatchObject({
      codec: 'aac',
      sampleRate: 44_100,
      frameSamples: 1024,
      delay: null,
    });
  });

  it("reads iTunes' iTunSMPB priming, padding and length from an MP4", () => {
    const m4a = encode('d.m4a', [
      '-c:a',
      'aac',
      '-metadata',
      'iTunSMPB= 00000000 00000840 000001CA 000000000000AC44 00000000',
      '-movflags',
      'use_metadata_tags',
    ]);
    expect(readItunSmpb(m4a)).toEqual({ delay: 0x840, padding: 0x1ca, samples: 44_100 });
    expect(readEncoderGapless(m4a)).toMatchObject({
      codec: 'aac',
      delay: 2112,
      padding: 458,
      samples: 44_100,
    });
    // An ID3 comment the same way (iTunes writes one into MP3s it encodes).
    const comment = new TextEncoder().encode(
      'COMM\u0000\u0000\u0000engiTunSMPB\u0000 00000000 00000210 00000300 0000000000010000',
    );
    expect(readItunSmpb(comment)).toEqual({ delay: 0x210, padding: 0x300, samples: 0x10000 });
    expect(readEncoderGapless(new TextEncoder().encode('OggS and nothing else'))).toBeNull();
    // A frame's start somewhere inside another format (a FLAC's picture) is not an MP3.
    const flac = new Uint8Array([
      ...new TextEncoder().encode('fLaC\u0000\u0000\u0000\u0022'),
      0xff,
      0xfb,
      0x90,
      0xc0,
    ]);
    expect(readEncoderGapless(flac)).toBeNull();
  });
});

// Lengths Chromium's decodeAudioData gives for the one-second sines above (measured: a file with an
// Info frame or an MP4 is trimmed to 44100; a piped MP3 or ADTS keeps 46080, the tone from 1105 / 1024).
const mp3Info = {
  codec: 'mp3' as const,
  sampleRate: 44_100,
  frameSamples: 1152,
  delay: 576,
  padding: 1404,
  samples: 44_100,
};
const piped = { ...mp3Info, delay: null, padding: null, samples: null };

describe('planTrim', () => {
  it('leaves a buffer the decoder trimmed already', () => {
    expect(planTrim(mp3Info, { length: 44_100, sampleRate: 44_100 })).toEqual({ start: 0, end: 44_100 });
    expect(planTrim(null, { length: 46_080, sampleRate: 44_100 })).toEqual({ start: 0, end: 46_080 });
  });

  it("trims a decoder's whole frames to the header's delay (plus the MP3 decoder's) and length", () => {
    expect(planTrim(mp3Info, { length: 46_080, sampleRate: 44_100 })).toEqual({ start: 1105, end: 45_205 });
  });

  it("trims a piped transcode by the encoder's usual priming and the catalogue length when it ends in the last frame", () => {
    expect(planTrim(piped, { length: 46_080, sampleRate: 44_100 }, 1)).toEqual({ start: 1105, end: 45_205 });
    const adts = { ...piped, codec: 'aac' as const, frameSamples: 1024 };
    expect(planTrim(adts, { length: 46_080, sampleRate: 44_100 }, 1)).toEqual({ start: 1024, end: 45_124 });
    // A catalogue length that does not end in the padding is not trusted: only the priming goes.
    expect(planTrim(piped, { length: 46_080, sampleRate: 44_100 }, 0.5)).toEqual({
      start: 1105,
      end: 46_080,
    });
    expect(planTrim(piped, { length: 46_080, sampleRate: 44_100 })).toEqual({ start: 1105, end: 46_080 });
  });

  it("counts at the buffer's own rate (a 48 kHz context decoding a 44.1 kHz file), not 44.1 kHz", () => {
    const decodedAt48 = { length: Math.round((46_080 * 48_000) / 44_100), sampleRate: 48_000 };
    expect(planTrim(mp3Info, decodedAt48)).toEqual({
      start: Math.round((1105 * 48_000) / 44_100),
      end: Math.round((45_205 * 48_000) / 44_100),
    });
    // Trimmed by the decoder, resampled: 44100 samples became 48000.
    expect(planTrim(mp3Info, { length: 48_000, sampleRate: 48_000 })).toEqual({ start: 0, end: 48_000 });
    const file48 = { ...mp3Info, sampleRate: 48_000, padding: 1152 * 43 - 576 - 48_000, samples: 48_000 };
    expect(planTrim(file48, { length: 1152 * 43, sampleRate: 48_000 })).toEqual({
      start: 1105,
      end: 1105 + 48_000,
    });
  });
});

describe('trimBuffer', () => {
  it('copies the kept frames of every channel, and keeps a buffer with nothing to trim', () => {
    const channels = [
      Float32Array.from({ length: 10 }, (_, i) => i),
      Float32Array.from({ length: 10 }, (_, i) => -i),
    ];
    const buffer = {
      length: 10,
      sampleRate: 48_000,
      numberOfChannels: 2,
      getChannelData: (channel: number) => channels[channel] as Float32Array,
    } as unknown as AudioBuffer;
    const made: Float32Array[] = [];
    const context = {
      createBuffer: (count: number, length: number, sampleRate: number) => {
        for (let i = 0; i < count; i++) made.push(new Float32Array(length));
        return {
          length,
          sampleRate,
          copyToChannel: (data: Float32Array, channel: number) => made[channel]?.set(data),
        };
      },
    } as unknown as BaseAudioContext;
    const trimmed = trimBuffer(context, buffer, { start: 3, end: 8 });
    expect(trimmed.length).toBe(5);
    expect(trimmed.sampleRate).toBe(48_000);
    expect(Array.from(made[0] ?? [])).toEqual([3, 4, 5, 6, 7]);
    expect(Array.from(made[1] ?? [])).toEqual([-3, -4, -5, -6, -7]);
    expect(trimBuffer(context, buffer, { start: 0, end: 10 })).toBe(buffer);
  });
});
