/** Which rows of a track table are selected; `anchor` is where a Shift range starts. */
export interface TSelection {
  keys: ReadonlySet<number>;
  anchor: number | null;
}

export const noSelection: TSelection = { keys: new Set(), anchor: null };

export interface TSelectModifiers {
  /** Ctrl (Cmd on a Mac) click or Space: add or remove one row, keep the others. */
  isToggle?: boolean;
  /** Shift click or Shift+arrow: every row from the anchor to this one. */
  isRange?: boolean;
}

const span = (from: number, to: number) =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, offset) => Math.min(from, to) + offset);

export function selectRow(
  selection: TSelection,
  index: number,
  modifiers: TSelectModifiers = {},
): TSelection {
  if (modifiers.isRange && selection.anchor !== null) {
    const range = span(selection.anchor, index);
    // Ctrl+Shift adds the range to what is selected; Shift alone replaces it.
    const keys = modifiers.isToggle ? new Set([...selection.keys, ...range]) : new Set(range);
    return { keys, anchor: selection.anchor };
  }
  if (modifiers.isToggle) {
    const keys = new Set(selection.keys);
    if (keys.has(index)) keys.delete(index);
    else keys.add(index);
    return { keys, anchor: index };
  }
  return { keys: new Set([index]), anchor: index };
}

export const selectAll = (count: number): TSelection =>
  count > 0 ? { keys: new Set(span(0, count - 1)), anchor: 0 } : noSelection;

export const selectedIndexes = (selection: TSelection): number[] => [...selection.keys].sort((a, b) => a - b);

/** A list that only grew at its end (the next page of an infinite list) keeps its selection. */
export function isAppendOf<T extends { id: number }>(previous: readonly T[], next: readonly T[]): boolean {
  return next.length >= previous.length && previous.every((item, index) => next[index]?.id === item.id);
}
