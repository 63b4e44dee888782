import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from './api-server';
import { launchBrowser } from './browser';
import { ADMIN, signIn } from './journey-steps';

/**
 * Issue 36's listening quality, heard as the player makes it: a tap in the page (an AudioWorklet
 * put between the player's Web Audio graph and the speakers) records what would come out.
 */
let api: RunningApi;
let browser: Browser;
let files: string;

const RATE = 44_100;

/** A mono FLAC (lossless: what is decoded is what was made) from an ffmpeg lavfi source. */
function flac(name: string, source: string, tags: Record<string, string>, filter?: string) {
  const metadata = Object.entries(tags).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    source,
    ...(filter ? ['-af', filter] : []),
    '-ac',
    '1',
    '-ar',
    String(RATE),
    '-c:a',
    'flac',
    ...metadata,
    join(files, name),
  ]);
}

const SPLIT_AT = 66_037; // 1.497 s: not on any frame or block boundary

function makeMusic() {
  const artist = 'Signal Generator';
  // One continuous 441 Hz sine, cut in two files at a sample.
  const sine = `sine=frequency=441:sample_rate=${RATE}:duration=3,volume=0.5`;
  const seamless = { artist, album: 'Seamless' };
  flac(
    'seamless-1.flac',
    sine,
    { ...seamless, title: 'First half', track: '1' },
    `atrim=end_sample=${SPLIT_AT}`,
  );
  flac(
    'seamless-2.flac',
    sine,
    { ...seamless, title: 'Second half', track: '2' },
    `atrim=start_sample=${SPLIT_AT},asetpts=PTS-STARTPTS`,
  );
  // Two tracks 10 LU apart (the same tone 10 dB apart).
  const levels = { artist, album: 'Levels' };
  flac('levels-1.flac', `sine=frequency=1000:sample_rate=${RATE}:duration=2,volume=0.1`, {
    ...levels,
    title: 'Loud',
    track: '1',
  });
  flac('levels-2.flac', `sine=frequency=1000:sample_rate=${RATE}:duration=2,volume=0.0316`, {
    ...levels,
    title: 'Quiet',
    track: '2',
  });
  // Two tones of one level on one album, not in order (1 and 3): a crossfade may join them.
  const fades = { artist, album: 'Fades' };
  flac('fades-1.flac', `sine=frequency=440:sample_rate=${RATE}:duration=12.5,volume=0.25`, {
    ...fades,
    title: 'Low tone',
    track: '1',
  });
  flac('fades-3.flac', `sine=frequency=660:sample_rate=${RATE}:duration=12.5,volume=0.25`, {
    ...fades,
    title: 'High tone',
    track: '3',
  });
}

/** Records the player's output: every connection to the speakers goes through the tap first. */
const TAP_SCRIPT = `(() => {
  const code = "class Tap extends AudioWorkletProcessor { process(inputs) { const c = inputs[0] && inputs[0][0]; if (c) this.port.postMessage(c.slice(0)); return true; } } registerProcessor('cadence-tap', Tap);";
  const url = URL.createObjectURL(new Blob([code], { type: 'application/javascript' }));
  const tap = { chunks: [], armed: false, ready: false, sampleRate: 0, length: 0 };
  window.__tap = tap;
  const connect = AudioNode.prototype.connect;
  const inputs = new WeakMap();
  function inputFor(context) {
    let input = inputs.get(context);
    if (input) return input;
    input = context.createGain();
    connect.call(input, context.destination);
    inputs.set(context, input);
    context.audioWorklet.addModule(url).then(() => {
      const node = new AudioWorkletNode(context, 'cadence-tap', { channelCount: 1, channelCountMode: 'explicit' });
      node.port.onmessage = (event) => {
        if (!tap.armed) return;
        tap.chunks.push(event.data);
        tap.length += event.data.length;
      };
      const mute = context.createGain();
      mute.gain.value = 0;
      connect.call(input, node);
      connect.call(node, mute);
      connect.call(mute, context.destination);
      tap.sampleRate = context.sampleRate;
      tap.ready = true;
    });
    return input;
  }
  AudioNode.prototype.connect = function (target, ...rest) {
    if (target instanceof AudioDestinationNode) return connect.call(this, inputFor(target.context), ...rest);
    return connect.call(this, target, ...rest);
  };
})();`;

type Tap = { chunks: Float32Array[]; armed: boolean; ready: boolean; sampleRate: number; length: number };
declare const window: { __tap: Tap };

async function newPlayerPage(): Promise<Page> {
  // The tap's worklet is a blob: module, which the product's script policy rightly refuses.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  await context.addCookies([{ name: 'cookie_notice', value: 'true', url: api.url }]);
  await context.addInitScript(TAP_SCRIPT);
  return context.newPage();
}

async function albumId(name: string): Promise<number> {
  const response = await fetch(`${api.url}/api/v1/search?query=${encodeURIComponent(name)}&types=albums`);
  const body = (await response.json()) as {
    results: { albums: { data?: { id: number; name: string }[] } | { id: number; name: string }[] };
  };
  const albums = body.results.albums;
  const list = Array.isArray(albums) ? albums : (albums.data ?? []);
  const album = list.find((item) => item.name === name);
  if (!album) throw new Error(`album ${name} not found: ${JSON.stringify(body).slice(0, 500)}`);
  return album.id;
}

/** Opens the album and plays it from the top (the listener's click), the tap recording. */
async function playAlbum(page: Page, name: string): Promise<void> {
  await page.goto(`${api.url}/album/${await albumId(name)}/signal-generator/${name.toLowerCase()}`);
  await page.getByTestId('track-row').first().waitFor();
  await page.evaluate(() => {
    window.__tap.armed = true;
  });
  await page.getByRole('button', { name: 'Play', exact: true }).first().click();
}

/** Waits until the tap holds `seconds` of output, then hands it over (channel 0, mono). */
async function recorded(page: Page, seconds: number): Promise<{ samples: Float32Array; rate: number }> {
  await page.waitForFunction(
    (wanted) => window.__tap.ready && window.__tap.length >= wanted * window.__tap.sampleRate,
    seconds,
    {
      timeout: (seconds + 20) * 1000,
    },
  );
  const { data, rate } = await page.evaluate(() => {
    const tap = window.__tap;
    tap.armed = false;
    const all = new Float32Array(tap.length);
    let at = 0;
    for (const chunk of tap.chunks) {
      all.set(chunk, at);
      at += chunk.length;
    }
    return { data: Array.from(all), rate: tap.sampleRate };
  });
  return { samples: Float32Array.from(data), rate };
}

/** The first and last samples above `level`: where the sound is. */
function soundSpan(samples: Float32Array, level: number): [number, number] {
  let first = -1;
  let last = -1;
  samples.forEach((value, index) => {
    if (Math.abs(value) <= level) return;
    if (first < 0) first = index;
    last = index;
  });
  return [first, last];
}

const rms = (samples: Float32Array, from: number, to: number) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += (samples[i] ?? 0) ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
};
const db = (ratio: number) => 20 * Math.log10(ratio);

/** The power of one frequency in a window (Goertzel), as the RMS of that tone. */
function toneLevel(samples: Float32Array, from: number, to: number, frequency: number, rate: number): number {
  const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / rate);
  let s1 = 0;
  let s2 = 0;
  for (let i = from; i < to; i++) {
    const s0 = (samples[i] ?? 0) + coefficient * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  const power = s1 * s1 + s2 * s2 - coefficient * s1 * s2;
  return Math.sqrt((2 * power) / (to - from) ** 2) / Math.SQRT2;
}

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), 'cadence-e2e-listening-'));
  makeMusic();
  [api, browser] = await Promise.all([
    startApi({ 'player.repeat_default': 'none' }, {}, files),
    launchBrowser({ autoplay: true }),
  ]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
});

describe('listening quality in the player (issue 36)', () => {
  it('plays two halves of one sine, two files of one album, as one: no gap, no click', async () => {
    const page = await newPlayerPage();
    await playAlbum(page, 'Seamless');
    const { samples, rate } = await recorded(page, 3.6);
    const [first, last] = soundSpan(samples, 0.02);
    expect(first).toBeGreaterThanOrEqual(0);
    // A pure sine satisfies x[n+1] + x[n-1] = 2cos(w)x[n]; a gap, an overlap or a step does not.
    const c = 2 * Math.cos((2 * Math.PI * 441) / rate);
    let worst = 0;
    let worstAt = 0;
    const margin = Math.round(rate * 0.005);
    for (let n = first + margin; n < last - margin; n++) {
      const residual = Math.abs((samples[n + 1] ?? 0) + (samples[n - 1] ?? 0) - c * (samples[n] ?? 0));
      if (residual > worst) [worst, worstAt] = [residual, n];
    }
    let silentRun = 0;
    let longest = 0;
    for (let n = first; n <= last; n++) {
      silentRun = Math.abs(samples[n] ?? 0) < 0.005 ? silentRun + 1 : 0;
      longest = Math.max(longest, silentRun);
    }
    const seconds = (last - first) / rate;
    console.log(
      `gapless: sound ${seconds.toFixed(4)} s, longest silence ${((longest / rate) * 1000).toFixed(2)} ms, ` +
        `worst step ${db(worst).toFixed(1)} dBFS at ${((worstAt - first) / rate).toFixed(4)} s`,
    );
    // Both halves played (3 s of sound), with no gap over 1 ms and no step above -60 dBFS.
    expect(seconds).toBeGreaterThan(2.95);
    expect(longest / rate).toBeLessThanOrEqual(0.001);
    expect(db(worst)).toBeLessThan(-60);
    await page.context().close();
  });

  it('plays two tracks 10 LU apart within 1 LU of each other (track levelling)', async () => {
    const page = await newPlayerPage();
    await playAlbum(page, 'Levels');
    const { samples, rate } = await recorded(page, 4.4);
    const [first] = soundSpan(samples, 0.005);
    const at = (seconds: number) => first + Math.round(seconds * rate);
    const loud = rms(samples, at(0.4), at(1.6));
    const quiet = rms(samples, at(2.4), at(3.6));
    console.log(`levels: loud ${db(loud).toFixed(2)} dBFS, quiet ${db(quiet).toFixed(2)} dBFS`);
    expect(quiet).toBeGreaterThan(0);
    expect(Math.abs(db(loud) - db(quiet))).toBeLessThan(1);
    await page.context().close();
  });

  it('crossfades for 6 s as set in the Listening settings, the summed level within 1 dB', async () => {
    const page = await newPlayerPage();
    await signIn(page, api, ADMIN);
    await page.goto(`${api.url}/account-settings`);
    const crossfade = page.getByRole('slider', { name: 'Crossfade' });
    await crossfade.focus();
    for (let i = 0; i < 6; i++) await crossfade.press('ArrowRight');
    await page.getByTestId('panel-listening').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Listening settings saved').waitFor();

    await playAlbum(page, 'Fades');
    // Skip most of the first tone: the seek bar to 5 s (the fade starts at 6.5 s).
    await page.getByTestId('player-duration').filter({ hasText: '0:12' }).waitFor();
    const seek = page.getByRole('slider', { name: 'Seek' });
    await seek.fill('5');
    await seek.press('Shift');
    await page.getByTestId('player-position').filter({ hasText: '0:05' }).waitFor();
    await page.evaluate(() => {
      window.__tap.chunks = [];
      window.__tap.length = 0;
      window.__tap.armed = true;
    });
    const { samples, rate } = await recorded(page, 8.2);
    const window50 = Math.round(rate * 0.05);
    const levels: number[] = [];
    const both: number[] = [];
    for (let from = Math.round(rate * 0.2); from + window50 <= samples.length; from += window50) {
      levels.push(db(rms(samples, from, from + window50)));
      const low = toneLevel(samples, from, from + window50, 440, rate);
      const high = toneLevel(samples, from, from + window50, 660, rate);
      if (Math.min(low, high) > 0.1 * Math.max(low, high)) both.push(from / rate);
    }
    const spread = Math.max(...levels) - Math.min(...levels);
    const overlap = both.length ? (both.at(-1) ?? 0) - (both[0] ?? 0) : 0;
    console.log(`crossfade: both tones for ${overlap.toFixed(2)} s, level spread ${spread.toFixed(2)} dB`);
    // Both tones sound together for most of the 6 s (each above -20 dB of the other), and the sum stays level.
    expect(overlap).toBeGreaterThan(4.5);
    expect(overlap).toBeLessThan(6.5);
    expect(spread).toBeLessThan(1);
    await page.context().close();
  }, 90_000);
});
