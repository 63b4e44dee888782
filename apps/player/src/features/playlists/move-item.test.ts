import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dropIndex } from '../player-ui/drop-index';
import { moveItem } from './move-item';

describe('moveItem', () => {
  it('moves one item and keeps the rest in order', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
  });

  it('dropping before or after any row puts the item next to that row, same items', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 30 })
          .chain((length) =>
            fc.tuple(
              fc.constant(length),
              fc.integer({ min: 0, max: length - 1 }),
              fc.integer({ min: 0, max: length - 1 }),
              fc.constantFrom('before' as const, 'after' as const),
            ),
          ),
        ([length, from, target, position]) => {
          fc.pre(from !== target);
          const list = Array.from({ length }, (_, i) => i);
          const moved = moveItem(list, from, dropIndex(from, target, position));
          expect([...moved].sort((a, b) => a - b)).toEqual(list);
          const at = moved.indexOf(from);
          expect(moved[position === 'before' ? at + 1 : at - 1]).toBe(target);
        },
      ),
    );
  });
});
