import { formatTime } from '../player-ui/format-time';

export function totalDuration(tracks: { duration: number | null }[]): string {
  return formatTime(tracks.reduce((sum, track) => sum + (track.duration ?? 0), 0) / 1000);
}
