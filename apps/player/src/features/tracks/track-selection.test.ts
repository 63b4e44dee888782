import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAppendOf, noSelection, selectAll, selectedIndexes, selectRow } from './track-selection';

describe('track selection', () => {
  it('selects one row on a plain click and moves the anchor', () => {
    const first = selectRow(noSelection, 3);
    expect(selectedIndexes(first)).toEqual([3]);
    const second = selectRow(first, 5);
    expect(selectedIndexes(second)).toEqual([5]);
    expect(second.anchor).toBe(5);
  });

  it('toggles rows with Ctrl/Cmd and keeps the others', () => {
    let selection = selectRow(noSelection, 1);
    selection = selectRow(selection, 4, { isToggle: true });
    selection = selectRow(selection, 6, { isToggle: true });
    expect(selectedIndexes(selection)).toEqual([1, 4, 6]);
    selection = selectRow(selection, 4, { isToggle: true });
    expect(selectedIndexes(selection)).toEqual([1, 6]);
  });

  it('extends from the anchor with Shift, in both directions, replacing the previous range', () => {
    let selection = selectRow(noSelection, 5);
    selection = selectRow(selection, 8, { isRange: true });
    expect(selectedIndexes(selection)).toEqual([5, 6, 7, 8]);
    selection = selectRow(selection, 3, { isRange: true });
    expect(selectedIndexes(selection)).toEqual([3, 4, 5]);
    expect(selection.anchor).toBe(5);
  });

  it('adds a Shift range to the selection with Ctrl+Shift', () => {
    let selection = selectRow(noSelection, 0);
    selection = selectRow(selection, 5, { isToggle: true });
    selection = selectRow(selection, 7, { isRange: true, isToggle: true });
    expect(selectedIndexes(selection)).toEqual([0, 5, 6, 7]);
  });

  it('treats Shift without an anchor as a plain click', () => {
    expect(selectedIndexes(selectRow(noSelection, 2, { isRange: true }))).toEqual([2]);
  });

  it('selects all rows, and nothing for an empty list', () => {
    expect(selectedIndexes(selectAll(4))).toEqual([0, 1, 2, 3]);
    expect(selectAll(0)).toEqual({ keys: new Set(), anchor: null });
  });

  it('a Shift range always holds exactly the rows between anchor and target', () => {
    fc.assert(
      fc.property(fc.nat(500), fc.nat(500), (anchor, target) => {
        const keys = selectedIndexes(selectRow(selectRow(noSelection, anchor), target, { isRange: true }));
        expect(keys).toHaveLength(Math.abs(target - anchor) + 1);
        expect(keys[0]).toBe(Math.min(anchor, target));
        expect(keys.at(-1)).toBe(Math.max(anchor, target));
      }),
    );
  });

  it('knows a next page from a different list', () => {
    const list = [{ id: 1 }, { id: 2 }];
    expect(isAppendOf(list, [...list, { id: 3 }])).toBe(true);
    expect(isAppendOf(list, [{ id: 2 }, { id: 1 }])).toBe(false);
    expect(isAppendOf(list, [{ id: 1 }])).toBe(false);
  });
});
