/**
 * The drop side of track-drag.ts (the sidebar's playlists, a signed-in listener's chunk), apart
 * from the drag side (the track table, in the home page's chunk): importing one module from both
 * made it a chunk of its own, one more file for `/`. Its type is track-drag.ts's TRACKS_DRAG_TYPE;
 * track-drag.test.ts's round trip (drag, then read) fails if the two differ.
 */
const TRACKS_DROP_TYPE = 'application/x-cadence-track-ids';

type TDropData = Pick<DataTransfer, 'getData' | 'types'>;

/** During dragover only the types can be read: does this drag carry tracks? */
export function carriesTracks(dataTransfer: Pick<DataTransfer, 'types'> | null): boolean {
  return dataTransfer !== null && [...dataTransfer.types].includes(TRACKS_DROP_TYPE);
}

/** The dropped track ids, or null for anything that is not a list of positive integer ids. */
export function readDraggedTrackIds(dataTransfer: TDropData | null): number[] | null {
  if (!carriesTracks(dataTransfer)) return null;
  try {
    const ids: unknown = JSON.parse(dataTransfer?.getData(TRACKS_DROP_TYPE) ?? '');
    if (!Array.isArray(ids) || ids.length === 0) return null;
    return ids.every((id) => Number.isSafeInteger(id) && id > 0) ? (ids as number[]) : null;
  } catch {
    return null;
  }
}
