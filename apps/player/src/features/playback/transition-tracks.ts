import type { TPlayerTrack } from './player-track';
import type { TQueueState } from './queue-reducer';
import { isAlbumInOrder, type TTransitionTrack } from './transition-plan';

/** The two tracks around a change, as the transition rules see them. */
export function transitionTrack(track: TPlayerTrack, durationS?: number): TTransitionTrack {
  const known = durationS !== undefined && Number.isFinite(durationS) && durationS > 0;
  return {
    id: track.id,
    duration: known ? durationS : track.duration === null ? null : track.duration / 1000,
    albumId: track.album?.id ?? null,
    number: track.number ?? null,
  };
}

/** The current item continues or leads into its album in order (auto loudness takes the album gain). */
export function isInAlbumRun(queue: TQueueState): boolean {
  const current = queue.items[queue.currentIndex]?.track;
  if (!current) return false;
  const before = queue.items[queue.currentIndex - 1]?.track;
  const after = queue.items[queue.currentIndex + 1]?.track;
  const self = transitionTrack(current);
  return (
    (before !== undefined && isAlbumInOrder(transitionTrack(before), self)) ||
    (after !== undefined && isAlbumInOrder(self, transitionTrack(after)))
  );
}
