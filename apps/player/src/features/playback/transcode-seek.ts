/**
 * Seeking in a stream the api transcodes while it plays (issue 36). Until the transcode is
 * complete in the api's cache, the answer has no byte ranges (`Accept-Ranges: none`): the element
 * can only move inside what it has buffered. A seek beyond that loads the stream again with
 * `timeOffset` (the api starts ffmpeg at `-ss`, never waiting for the rest), and the element then
 * counts its time from that offset: the shown position is the offset plus its `currentTime`.
 */

import { isTranscodeUrl, parseStreamUrl as parse } from './transcode-url';

const TIME_OFFSET = 'timeOffset';
/** A seek this close to a buffered range's end still lands in it (the element's clock is coarse). */
const BUFFERED_SLACK_S = 0.05;

const unparse = (parsed: URL, original: string) =>
  /^[a-z][a-z0-9+.-]*:/i.test(original) ? parsed.href : `${parsed.pathname}${parsed.search}${parsed.hash}`;

/** The stream URL with `timeOffset` seconds (none at 0), the rest of its query kept. */
export function withTimeOffset(url: string, seconds: number): string {
  const parsed = parse(url);
  parsed.searchParams.delete(TIME_OFFSET);
  // Milliseconds are plenty: ffmpeg's -ss lands on a frame anyway.
  const rounded = Math.round(Math.max(0, seconds) * 1000) / 1000;
  if (rounded > 0) parsed.searchParams.set(TIME_OFFSET, String(rounded));
  return unparse(parsed, url);
}

/** Whether `time` (the element's own clock) is inside what the element has buffered. */
export function isBufferedAt(ranges: TimeRanges | undefined, time: number): boolean {
  if (!ranges) return false;
  for (let index = 0; index < ranges.length; index++) {
    if (time >= ranges.start(index) && time <= ranges.end(index) + BUFFERED_SLACK_S) return true;
  }
  return false;
}

export type TSeekPlan =
  /** Set the element's `currentTime` to `time` (its own clock). */
  | { kind: 'element'; time: number }
  /** Load `url` (the stream from `offset` seconds) into the element. */
  | { kind: 'reload'; url: string; offset: number }
  /** Ask the api first whether it transcodes this stream at all (`planProbedSeek` then decides). */
  | { kind: 'probe' };

/** Whether the element can move to `time` of its own clock: buffered, or seekable in a stream of known length. */
function canSeekInPlace(element: TSeekableElement, time: number): boolean {
  if (time < 0) return false;
  if (isBufferedAt(element.buffered, time)) return true;
  // A stream without byte ranges reports [0, 0] (Chromium) or only its buffered part; one with
  // ranges [0, duration]. A live transcode has no known length at all.
  return Number.isFinite(element.duration) && isBufferedAt(element.seekable, time) && time > 0;
}

type TSeekableElement = Pick<HTMLMediaElement, 'buffered' | 'seekable' | 'duration'>;

/**
 * Where a seek to `position` (seconds into the track) goes. Anything not asked as a transcode is
 * the element's business. A transcode moves in place when its element can (buffered, or a complete
 * transcode served with byte ranges), rewinds to the very start in place (browsers allow that on a
 * stream), and otherwise needs to know whether the api transcodes it at all: an original that
 * fits the limit is sent as it is, with byte ranges.
 */
export function planSeek(args: {
  url: string;
  offset: number;
  position: number;
  element: TSeekableElement;
}): TSeekPlan {
  const { url, offset, position, element } = args;
  if (!isTranscodeUrl(url)) return { kind: 'element', time: position };
  const local = position - offset;
  if (canSeekInPlace(element, local)) return { kind: 'element', time: local };
  if (position === 0 && offset === 0) return { kind: 'element', time: 0 };
  return { kind: 'probe' };
}

/** The probe's answer: an original seeks in place; a transcode loads again from the offset. */
export function planProbedSeek(args: { url: string; position: number; isTranscoded: boolean }): TSeekPlan {
  const { url, position, isTranscoded } = args;
  if (!isTranscoded) return { kind: 'element', time: position };
  return { kind: 'reload', url: withTimeOffset(url, position), offset: position };
}

/**
 * Whether the api answers `url` with a transcode (`X-Transcoded-As`) rather than the original. A
 * HEAD of a live transcode answers its headers without starting ffmpeg. A network error counts as
 * yes: the URL asked for a transcode.
 */
export async function isServedTranscoded(url: string, fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchImpl(withTimeOffset(url, 0), { method: 'HEAD', credentials: 'same-origin' });
    return !response.ok || response.headers.has('x-transcoded-as');
  } catch {
    return true;
  }
}
