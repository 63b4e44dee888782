/** Where an item dragged from `from` lands when dropped before/after the item at `target`. */
export function dropIndex(from: number, target: number, position: 'before' | 'after' | 'on'): number {
  const slot = position === 'after' ? target + 1 : target;
  return from < slot ? slot - 1 : slot;
}
