import { RADIO_NO_REPEAT_WINDOW } from '@cadence/contracts/radio';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refillExclusions } from './radio-session';

describe('refillExclusions', () => {
  it('excludes the recent window first, and only what is current or still queued as the fallback', () => {
    expect(refillExclusions([1, 2, 3, 4, 5], 2)).toEqual([
      [1, 2, 3, 4, 5],
      [3, 4, 5],
    ]);
  });

  it('never lets the fallback repeat the current or an upcoming track, and keeps the window bounded', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 200 }), fc.nat(), (ids, index) => {
        const current = ids.length === 0 ? 0 : index % ids.length;
        const [recent, upcoming] = refillExclusions(ids, current);
        expect(recent.length).toBeLessThanOrEqual(RADIO_NO_REPEAT_WINDOW);
        expect(upcoming).toEqual(ids.slice(current));
      }),
    );
  });
});
