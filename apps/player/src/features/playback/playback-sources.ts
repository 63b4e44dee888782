import { getBootstrapData } from '@cadence/app-shell/bootstrap-store';
import type { TListeningPreferences } from '../listening/listening-preferences';
import {
  isDataSaverWanted,
  readDataSaverBitRate,
  streamQuery,
  type TConnectionInfo,
  withStreamQuery,
} from './listening-quality';
import { trackStreamUrl as plainStreamUrl, type TPlayerTrack } from './player-track';

/**
 * The api's stream URL with the data saver's `maxBitRate` when this device wants it (always, or on
 * a metered or slow connection as the Network Information API tells) and the listener's own limit
 * (the api applies their settings only when a stream asks); external sources as they are.
 */
export function trackStreamUrl(
  track: Pick<TPlayerTrack, 'id' | 'stream_url' | 'src'>,
  preferences: TListeningPreferences,
): string {
  const url = plainStreamUrl(track);
  if (!url.includes('/api/v1/tracks/')) return url;
  const connection = (globalThis.navigator as { connection?: TConnectionInfo } | undefined)?.connection;
  const isDataSaver =
    preferences.data_saver === 'on' || (preferences.data_saver === 'auto' && isDataSaverWanted(connection));
  const limit = Math.min(
    isDataSaver ? readDataSaverBitRate(getBootstrapData().settings) : Number.POSITIVE_INFINITY,
    preferences.max_bit_rate ?? Number.POSITIVE_INFINITY,
  );
  // Their format is not sent: it says what a transcode is made as, not that every file needs one.
  if (!Number.isFinite(limit)) return url;
  return withStreamQuery(url, streamQuery({ isDataSaver: true, dataSaverBitRate: limit }));
}

/** Audio of this site's origin: its samples may go through Web Audio (cross-origin ones play silent there). */
export function isRoutable(url: string | null): boolean {
  if (!url) return false;
  const here = globalThis.location?.href;
  if (!here) return true;
  try {
    return new URL(url, here).origin === new URL(here).origin;
  } catch {
    return false;
  }
}
