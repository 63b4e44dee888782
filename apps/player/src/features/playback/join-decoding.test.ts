import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJoinDecoding } from './join-decoding';

// One second of a sine as the api's MP3 transcodes come: written to a pipe, so without an Info frame.
const pipedMp3 = new Uint8Array(
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=44100:duration=1',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '128k',
    '-f',
    'mp3',
    '-',
  ]),
);

/** A context whose decoder leaves whole frames (46080 for that second, as Chromium's does for it). */
function fakeContext() {
  const fakeBuffer = (length: number) =>
    ({
      length,
      sampleRate: 44_100,
      numberOfChannels: 1,
      getChannelData: () => new Float32Array(length),
      copyToChannel() {},
    }) as unknown as AudioBuffer;
  return {
    decodeAudioData: vi.fn(async () => fakeBuffer(46_080)),
    createBuffer: vi.fn((_channels: number, length: number) => fakeBuffer(length)),
  } as unknown as BaseAudioContext;
}

afterEach(() => vi.unstubAllGlobals());

describe('createJoinDecoding', () => {
  it("decodes a join's tracks ahead and trims a piped transcode's priming and padding", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(pipedMp3.slice())),
    );
    const onReady = vi.fn();
    const decoding = createJoinDecoding(fakeContext(), onReady);
    decoding.ahead(['/a', 1], [null, 1]);
    await vi.waitFor(() => expect(onReady).toHaveBeenCalledTimes(1));
    const decoded = decoding.get('/a');
    expect(decoded?.buffer.length).toBe(44_100);
    expect(decoded?.lead).toBeCloseTo(1105 / 44_100, 9);
    expect(decoding.get(null)).toBeUndefined();
  });

  it('keeps only the last few decoded tracks', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(new Uint8Array(16))),
    );
    const onReady = vi.fn();
    const decoding = createJoinDecoding(fakeContext(), onReady, 2);
    for (const url of ['/1', '/2', '/3']) {
      decoding.ahead([url, null]);
      await vi.waitFor(() => expect(decoding.get(url)).toBeDefined());
    }
    expect(decoding.get('/1')).toBeUndefined();
    expect(decoding.get('/2')).toBeDefined();
    // Not audio the trim knows: the decoded buffer as it is.
    expect(decoding.get('/3')?.lead).toBe(0);
    expect(decoding.get('/3')?.buffer.length).toBe(46_080);
  });
});
