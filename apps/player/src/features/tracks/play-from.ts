import { getPlayer } from '../playback/player-instance';
import type { TPlayerTrack } from '../playback/player-track';

/**
 * Plays `track` from `seconds`: a seek when it is the current track, otherwise it starts the
 * track and seeks once the new audio reports its duration (a seek before that is lost).
 */
export function playFrom(track: TPlayerTrack, seconds: number): void {
  const player = getPlayer();
  if (player.currentItem()?.track.id === track.id) {
    player.seek(seconds);
    if (!player.getSnapshot().isPlaying) player.play();
    return;
  }
  player.playTracks([track], 0);
  const key = player.currentItem()?.key;
  const unsubscribe = player.subscribe(() => {
    if (player.currentItem()?.key !== key) {
      unsubscribe();
      return;
    }
    if (player.getSnapshot().duration > 0) {
      unsubscribe();
      player.seek(seconds);
    }
  });
}
