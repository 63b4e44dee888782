import { describe, expect, it } from 'vitest';
import { testTrack } from '../test-utils';
import { setDraggedTracks, TRACKS_DRAG_TYPE } from './track-drag';
import { carriesTracks, readDraggedTrackIds } from './track-drop';

/** The part of a DataTransfer the drag code uses, backed by a map. */
function transfer(entries: Record<string, string> = {}) {
  const data = new Map(Object.entries(entries));
  return {
    effectAllowed: 'uninitialized' as DataTransfer['effectAllowed'],
    get types() {
      return [...data.keys()];
    },
    setData: (type: string, value: string) => void data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
  };
}

describe('track drags', () => {
  it('carry the ids for the player and the track links as text', () => {
    const dataTransfer = transfer();
    setDraggedTracks(dataTransfer, [testTrack(3), testTrack(9)]);
    expect(carriesTracks(dataTransfer)).toBe(true);
    expect(readDraggedTrackIds(dataTransfer)).toEqual([3, 9]);
    expect(dataTransfer.getData('text/plain')).toBe(
      `${location.origin}/track/3/song-3\n${location.origin}/track/9/song-9`,
    );
    expect(dataTransfer.effectAllowed).toBe('copy');
  });

  it('ignore drags of anything else and damaged or hostile payloads', () => {
    expect(carriesTracks(transfer({ 'text/plain': 'hello' }))).toBe(false);
    expect(readDraggedTrackIds(transfer({ 'text/plain': '[1]' }))).toBeNull();
    expect(readDraggedTrackIds(null)).toBeNull();
    for (const payload of ['', 'not json', '{}', '[]', '[0]', '[1.5]', '["1"]', '[-3]', '[1e300]'])
      expect(readDraggedTrackIds(transfer({ [TRACKS_DRAG_TYPE]: payload })), payload).toBeNull();
  });
});
