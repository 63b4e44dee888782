/**
 * The element playing now. The audio driver marks it with data-testid="player-audio" and moves
 * the mark when a spare element takes over (gapless); the party's sync reads its exact
 * `currentTime` and sets its `playbackRate` here, so the playback files need no party code.
 */
export function activeAudio(): HTMLAudioElement | null {
  return document.querySelector<HTMLAudioElement>('audio[data-testid="player-audio"]');
}

/** Puts every audio element back to normal speed (a party ended, or another element took over). */
export function resetRates(except?: HTMLAudioElement | null): void {
  for (const audio of document.querySelectorAll('audio')) {
    if (audio !== except && audio.playbackRate !== 1) audio.playbackRate = 1;
  }
}
