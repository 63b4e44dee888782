import { trackUrl } from '../catalogue/urls';
import type { TPlayerTrack } from '../playback/player-track';

/** The drag data of track rows: their ids, readable only by the player's own drop targets. */
export const TRACKS_DRAG_TYPE = 'application/x-cadence-track-ids';

type TDragData = Pick<DataTransfer, 'setData' | 'effectAllowed'>;

/**
 * Puts tracks on a drag: their ids for a sidebar playlist, and their page URLs as text, so a drop
 * in a chat or a document shares the tracks.
 */
export function setDraggedTracks(dataTransfer: TDragData, tracks: readonly TPlayerTrack[]): void {
  dataTransfer.setData(TRACKS_DRAG_TYPE, JSON.stringify(tracks.map((track) => track.id)));
  const origin = typeof location === 'undefined' ? '' : location.origin;
  dataTransfer.setData('text/plain', tracks.map((track) => `${origin}${trackUrl(track)}`).join('\n'));
  dataTransfer.effectAllowed = 'copy';
}
