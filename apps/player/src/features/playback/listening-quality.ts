import type { TLoudnessMode } from '@cadence/contracts/transcoding-formats';

/** The ReplayGain values a track carries (`replay_gain` of the track answer). */
export type TReplayGain = {
  track_gain: number;
  track_peak: number;
  album_gain: number | null;
  album_peak: number | null;
};

/** What the Network Information API tells (Chromium; absent elsewhere). */
export type TConnectionInfo = { saveData?: boolean; effectiveType?: string; type?: string } | undefined;

/** A metered or slow connection: the browser's data saver, a cellular link, or 3G and slower. */
export function isDataSaverWanted(connection: TConnectionInfo): boolean {
  if (!connection) return false;
  if (connection.saveData) return true;
  if (connection.type === 'cellular') return true;
  return ['slow-2g', '2g', '3g'].includes(connection.effectiveType ?? '');
}

/** The site's data saver bitrate (admin, Settings > Player > Transcoding), from bootstrap settings. */
export function readDataSaverBitRate(settings: unknown): number {
  const value = (settings as { transcoding?: { data_saver_bitrate?: unknown } } | null)?.transcoding
    ?.data_saver_bitrate;
  return typeof value === 'number' && value > 0 ? value : 96;
}

/**
 * The stream URL's transcoding parameters: a data saver limit on a metered connection, else none
 * (the api then applies the listener's own settings only when asked, so a plain stream stays a
 * plain file with byte ranges).
 */
export function streamQuery(options: { isDataSaver: boolean; dataSaverBitRate: number }): string {
  return options.isDataSaver ? `maxBitRate=${options.dataSaverBitRate}` : '';
}

export function withStreamQuery(url: string, query: string): string {
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/**
 * The loudness gain (linear) that levels a track: ReplayGain 2.0's track or album gain plus the
 * pre-amp, never above what keeps the (true) peak at full scale, so no sample clips. Album mode uses
 * the album gain; auto uses it only while the album plays in order (`isAlbumInOrder`); both fall
 * back to the track gain when the album has none.
 */
export function loudnessGain(
  gain: TReplayGain | null | undefined,
  mode: TLoudnessMode,
  options: { preampDb?: number; isAlbumInOrder?: boolean } = {},
): number {
  if (mode === 'off' || !gain) return 1;
  const wantsAlbum = mode === 'album' || (mode === 'auto' && options.isAlbumInOrder === true);
  const useAlbum = wantsAlbum && gain.album_gain !== null;
  const db = (useAlbum ? (gain.album_gain as number) : gain.track_gain) + (options.preampDb ?? 0);
  const peak = (useAlbum ? gain.album_peak : gain.track_peak) ?? gain.track_peak;
  const peakLimit = peak > 0 ? 1 / peak : Number.POSITIVE_INFINITY;
  return Math.min(10 ** (db / 20), peakLimit);
}

/**
 * Where the browser has no Web Audio, levelling rides on the element's volume, which cannot go
 * above 1: a quiet track is left as it is rather than raised.
 */
export function loudnessFactor(
  gain: TReplayGain | null | undefined,
  mode: TLoudnessMode,
  options: { preampDb?: number; isAlbumInOrder?: boolean } = {},
): number {
  return Math.min(1, loudnessGain(gain, mode, options));
}
