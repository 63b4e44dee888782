import { trackUrl } from '../catalogue/urls';
import type { TPlayerTrack } from '../playback/player-track';

/** The drag data of track rows: their ids, readable only by the player's own drop targets. */
export const TRACKS_DRAG_TYPE = 'application/x-cadence-track-ids';

type TDragData = Pick<DataTransfer, 'setData' | 'effectAllowed'>;
type TDropData = Pick<DataTransfer, 'getData' | 'types'>;

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

/** During dragover only the types can be read: does this drag carry tracks? */
export function carriesTracks(dataTransfer: Pick<DataTransfer, 'types'> | null): boolean {
  return dataTransfer !== null && [...dataTransfer.types].includes(TRACKS_DRAG_TYPE);
}

/** The dropped track ids, or null for anything that is not a list of positive integer ids. */
export function readDraggedTrackIds(dataTransfer: TDropData | null): number[] | null {
  if (!carriesTracks(dataTransfer)) return null;
  try {
    const ids: unknown = JSON.parse(dataTransfer?.getData(TRACKS_DRAG_TYPE) ?? '');
    if (!Array.isArray(ids) || ids.length === 0) return null;
    return ids.every((id) => Number.isSafeInteger(id) && id > 0) ? (ids as number[]) : null;
  } catch {
    return null;
  }
}
