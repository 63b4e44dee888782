import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dropIndex } from './drop-index';

describe('dropIndex', () => {
  it('puts the item exactly before or after its target', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 30 }).chain((n) => fc.tuple(fc.constant(n), fc.nat(n - 1), fc.nat(n - 1))),
        fc.boolean(),
        ([n, from, target], isAfter) => {
          fc.pre(from !== target);
          const list = Array.from({ length: n }, (_, i) => i);
          const to = dropIndex(from, target, isAfter ? 'after' : 'before');
          const moved = [...list];
          const [item] = moved.splice(from, 1);
          moved.splice(to, 0, item as number);
          const at = moved.indexOf(target);
          expect(moved.indexOf(from)).toBe(isAfter ? at + 1 : at - 1);
        },
      ),
    );
  });
});
