import { describe, expect, it, vi } from 'vitest';
import { isServedTranscoded, planProbedSeek, planSeek, withTimeOffset } from './transcode-seek';
import { createTranscodeSeeking, shownDuration, shownPosition } from './transcode-seeking';
import { isTranscodeUrl } from './transcode-url';

const ranges = (...pairs: [number, number][]) =>
  ({
    length: pairs.length,
    start: (index: number) => pairs[index]?.[0] ?? 0,
    end: (index: number) => pairs[index]?.[1] ?? 0,
  }) as TimeRanges;

/** A live transcode's element: no length, nothing seekable, `buffered` as given. */
const liveElement = (buffered = ranges()) => ({ buffered, seekable: ranges([0, 0]), duration: Infinity });

const LIVE = '/api/v1/tracks/7/stream?maxBitRate=96';

describe('transcode seek arithmetic', () => {
  it('tells transcode URLs from plain ones', () => {
    expect(isTranscodeUrl(LIVE)).toBe(true);
    expect(isTranscodeUrl('/api/v1/tracks/7/stream?format=opus')).toBe(true);
    expect(isTranscodeUrl('/api/v1/tracks/7/stream')).toBe(false);
    expect(isTranscodeUrl('/api/v1/tracks/7/stream?maxBitRate=0')).toBe(false);
    expect(isTranscodeUrl('/api/v1/tracks/7/stream?format=raw')).toBe(false);
    expect(isTranscodeUrl(null)).toBe(false);
  });

  it('sets, replaces and drops timeOffset, keeping the rest of the URL as it was written', () => {
    expect(withTimeOffset(LIVE, 42.5)).toBe('/api/v1/tracks/7/stream?maxBitRate=96&timeOffset=42.5');
    expect(withTimeOffset(`${LIVE}&timeOffset=10`, 61.23456)).toBe(
      '/api/v1/tracks/7/stream?maxBitRate=96&timeOffset=61.235',
    );
    expect(withTimeOffset(`${LIVE}&timeOffset=10`, 0)).toBe(LIVE);
    expect(withTimeOffset('https://cadence.test/api/v1/tracks/7/stream?maxBitRate=96', 5)).toBe(
      'https://cadence.test/api/v1/tracks/7/stream?maxBitRate=96&timeOffset=5',
    );
  });

  it('shows the offset plus the element time, and the catalogue length while the stream has none', () => {
    expect(shownPosition(90, 12.5)).toBe(102.5);
    expect(shownPosition(0, 3)).toBe(3);
    expect(shownPosition(30, Number.NaN)).toBe(30);
    expect(shownDuration(90, 150, 240_000)).toBe(240);
    expect(shownDuration(0, 200, 240_000)).toBe(200);
    expect(shownDuration(90, Infinity, 240_000)).toBe(240);
    expect(shownDuration(0, Number.NaN, null)).toBeNaN();
  });

  it('seeks in place inside the buffered part or a ranged stream, and probes beyond', () => {
    const buffered = liveElement(ranges([0, 40]));
    expect(planSeek({ url: LIVE, offset: 0, position: 25, element: buffered })).toEqual({
      kind: 'element',
      time: 25,
    });
    expect(planSeek({ url: LIVE, offset: 0, position: 100, element: buffered })).toEqual({ kind: 'probe' });
    // A stream loaded from 60 s: 70 s of the track is 10 s of its own clock; 30 s is before it.
    const fromSixty = liveElement(ranges([0, 20]));
    expect(planSeek({ url: LIVE, offset: 60, position: 70, element: fromSixty })).toEqual({
      kind: 'element',
      time: 10,
    });
    expect(planSeek({ url: LIVE, offset: 60, position: 30, element: fromSixty })).toEqual({ kind: 'probe' });
    expect(planSeek({ url: LIVE, offset: 60, position: 0, element: fromSixty })).toEqual({ kind: 'probe' });
    expect(planSeek({ url: LIVE, offset: 0, position: 0, element: liveElement() })).toEqual({
      kind: 'element',
      time: 0,
    });
    // A complete transcode from the cache has a length and byte ranges: the element seeks.
    const cached = { buffered: ranges([0, 5]), seekable: ranges([0, 240]), duration: 240 };
    expect(planSeek({ url: LIVE, offset: 0, position: 200, element: cached })).toEqual({
      kind: 'element',
      time: 200,
    });
    // Not a transcode: always the element's business.
    expect(
      planSeek({ url: '/api/v1/tracks/7/stream', offset: 0, position: 100, element: liveElement() }),
    ).toEqual({
      kind: 'element',
      time: 100,
    });
  });

  it('loads a transcode again from the offset, and seeks an original that fits in place', () => {
    expect(planProbedSeek({ url: `${LIVE}&timeOffset=60`, position: 125, isTranscoded: true })).toEqual({
      kind: 'reload',
      url: `${LIVE}&timeOffset=125`,
      offset: 125,
    });
    expect(planProbedSeek({ url: `${LIVE}&timeOffset=60`, position: 0, isTranscoded: true })).toEqual({
      kind: 'reload',
      url: LIVE,
      offset: 0,
    });
    expect(planProbedSeek({ url: LIVE, position: 125, isTranscoded: false })).toEqual({
      kind: 'element',
      time: 125,
    });
  });

  it('probes with a HEAD of the stream from its start, reading X-Transcoded-As', async () => {
    const fetchImpl = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(null, { headers: { 'x-transcoded-as': 'opus; 96k' } }),
    );
    expect(await isServedTranscoded(`${LIVE}&timeOffset=30`, fetchImpl as typeof fetch)).toBe(true);
    expect(fetchImpl).toHaveBeenCalledWith(LIVE, { method: 'HEAD', credentials: 'same-origin' });
    const original = vi.fn(async () => new Response(null, { headers: { 'accept-ranges': 'bytes' } }));
    expect(await isServedTranscoded(LIVE, original as typeof fetch)).toBe(false);
    const down = vi.fn(async () => {
      throw new TypeError('network');
    });
    expect(await isServedTranscoded(LIVE, down as typeof fetch)).toBe(true);
  });
});

/** Enough of an element for the seeking: its source, clock and ranges. */
function fakeElement(src: string) {
  const attrs = new Map([['src', src]]);
  return {
    currentTime: 0,
    duration: Infinity,
    buffered: ranges([0, 10]),
    seekable: ranges([0, 0]),
    getAttribute: (name: string) => attrs.get(name) ?? null,
    setSrc: (value: string) => attrs.set('src', value),
  };
}

describe('createTranscodeSeeking', () => {
  it('reloads a live transcode at the offset and shows the track position from there on', async () => {
    let answer: ((isTranscoded: boolean) => void) | undefined;
    const seeking = createTranscodeSeeking(() => new Promise((resolve) => (answer = resolve)));
    const element = fakeElement(LIVE);
    const media = element as unknown as HTMLMediaElement;
    element.currentTime = 4;
    const reload = vi.fn((url: string) => {
      seeking.forget(media);
      element.setSrc(url);
      element.currentTime = 0;
    });
    seeking.seek(media, 90, reload);
    // While the api is asked, the bar shows where the listener went, not the old spot.
    expect(seeking.position(media)).toBe(90);
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer?.(true);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledWith(`${LIVE}&timeOffset=90`));
    expect(seeking.offsetOf(media)).toBe(90);
    element.currentTime = 12.5;
    expect(seeking.position(media)).toBe(102.5);
    expect(seeking.duration(media, 240_000)).toBe(240);
    // Back inside what this stream buffered: the element moves, no reload.
    seeking.seek(media, 95, reload);
    expect(element.currentTime).toBe(5);
    expect(reload).toHaveBeenCalledTimes(1);
    // A new source starts from 0 again.
    seeking.forget(media);
    expect(seeking.position(media)).toBe(5);
  });

  it('carries out only the last of quick seeks, and none once the element has another source', async () => {
    const answers: ((isTranscoded: boolean) => void)[] = [];
    const seeking = createTranscodeSeeking(() => new Promise((resolve) => answers.push(resolve)));
    const element = fakeElement(LIVE);
    const media = element as unknown as HTMLMediaElement;
    const reload = vi.fn((url: string) => element.setSrc(url));
    seeking.seek(media, 50, reload);
    seeking.seek(media, 80, reload);
    // The first seek's planning arrives after the second: only the second asks the api.
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    answers[0]?.(true);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(reload).toHaveBeenCalledWith(`${LIVE}&timeOffset=80`);

    const other = fakeElement(LIVE);
    const otherMedia = other as unknown as HTMLMediaElement;
    const otherReload = vi.fn();
    seeking.seek(otherMedia, 60, otherReload);
    // The seek planning is loaded by now: the probe is asked at once.
    expect(answers).toHaveLength(2);
    other.setSrc('/api/v1/tracks/8/stream?maxBitRate=96');
    answers[1]?.(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(otherReload).not.toHaveBeenCalled();
    expect(other.currentTime).toBe(0);
  });

  it('seeks an original the api sent (it fit the limit) in place after the probe', async () => {
    const seeking = createTranscodeSeeking(async () => false);
    const element = fakeElement(LIVE);
    const media = element as unknown as HTMLMediaElement;
    const reload = vi.fn();
    seeking.seek(media, 70, reload);
    await vi.waitFor(() => expect(element.currentTime).toBe(70));
    expect(reload).not.toHaveBeenCalled();
    expect(seeking.offsetOf(media)).toBe(0);
  });
});
