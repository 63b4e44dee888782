import { apiUrl } from '@cadence/http-client/api-base-url';
import type { TPlayerTrack } from '../playback/player-track';

/**
 * The admin's "Enable downloads" (player.enable_download) and the role's `music.download` both
 * allow it, and the track has audio: the api writes `stream_url: null` for a track with neither a
 * file nor a source (a video-only or metadata-only track), which has nothing to hand out.
 */
export function canDownloadTrack(
  track: Pick<TPlayerTrack, 'stream_url'>,
  access: { isEnabled: boolean; mayDownload: boolean },
): boolean {
  return access.isEnabled && access.mayDownload && track.stream_url !== null;
}

export const trackDownloadUrl = (trackId: number) => apiUrl(`/api/v1/tracks/${trackId}/download`);

/** Starts the browser's own download (the api answers with `Content-Disposition: attachment`). */
export function downloadTrack(track: Pick<TPlayerTrack, 'id'>): void {
  const link = document.createElement('a');
  link.href = trackDownloadUrl(track.id);
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
