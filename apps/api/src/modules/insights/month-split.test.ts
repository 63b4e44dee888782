import { describe, expect, it } from 'vitest';
import { splitByMonth } from './month-split';

describe('splitByMonth', () => {
  it('reads whole months from the monthly roll-up and the edges from the daily one', () => {
    expect(splitByMonth({ from: '2024-11-26', to: '2025-11-25' })).toEqual({
      months: { from: '2024-12-01', to: '2025-10-01' },
      days: [
        { from: '2024-11-26', to: '2024-11-30' },
        { from: '2025-11-01', to: '2025-11-25' },
      ],
    });
    expect(splitByMonth({ from: '2025-01-01', to: '2025-03-31' })).toEqual({
      months: { from: '2025-01-01', to: '2025-03-01' },
      days: [],
    });
    expect(splitByMonth({ from: '2024-02-01', to: '2024-02-29' })).toEqual({
      months: { from: '2024-02-01', to: '2024-02-01' },
      days: [],
    });
  });

  it('keeps ranges without a whole month on the daily roll-up', () => {
    expect(splitByMonth({ from: '2025-03-04', to: '2025-03-10' })).toEqual({
      months: null,
      days: [{ from: '2025-03-04', to: '2025-03-10' }],
    });
    expect(splitByMonth({ from: '2025-02-15', to: '2025-03-14' })).toEqual({
      months: null,
      days: [{ from: '2025-02-15', to: '2025-03-14' }],
    });
  });
});
