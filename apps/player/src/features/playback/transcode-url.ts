/**
 * Whether a stream URL asks the api for a transcode: the one question the driver asks on every
 * seek, so it stays in the first download while the seek planning (transcode-seek.ts) loads on
 * the first seek that needs it.
 */

export const parseStreamUrl = (url: string) => new URL(url, 'http://relative.invalid');

/** A stream URL that asks the api for a transcode (a bitrate limit or a format other than the original). */
export function isTranscodeUrl(url: string | null): boolean {
  if (!url) return false;
  const params = parseStreamUrl(url).searchParams;
  const maxBitRate = Number(params.get('maxBitRate') ?? 0);
  const format = params.get('format');
  return maxBitRate > 0 || (format !== null && format !== 'raw');
}
