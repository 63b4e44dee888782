import { act, renderHook } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDelayedVisibility } from './use-delayed-visibility';

const STEP = 50;
const DELAY = 500;
const MIN_VISIBLE = 200;

/** Each segment holds the input flag for `steps * STEP` ms. */
const segments = fc.array(fc.record({ isActive: fc.boolean(), steps: fc.integer({ min: 1, max: 16 }) }), {
  minLength: 1,
  maxLength: 6,
});

function simulate(input: { isActive: boolean; steps: number }[]) {
  const { result, rerender } = renderHook(
    ({ isActive }) => useDelayedVisibility(isActive, { delayMs: DELAY, minVisibleMs: MIN_VISIBLE }),
    { initialProps: { isActive: false } },
  );
  const timeline: { isActive: boolean; isVisible: boolean }[] = [];
  for (const { isActive, steps } of input) {
    rerender({ isActive });
    for (let i = 0; i < steps; i++) {
      act(() => vi.advanceTimersByTime(STEP));
      timeline.push({ isActive, isVisible: result.current });
    }
  }
  return timeline;
}

describe('useDelayedVisibility', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows only after a full delay of activity, and once shown stays at least the minimum', () => {
    fc.assert(
      fc.property(segments, (input) => {
        const timeline = simulate(input);
        const delaySteps = DELAY / STEP;
        const minSteps = MIN_VISIBLE / STEP;
        let activeRun = 0;
        let visibleRun = 0;
        let shownIndex = -1;
        for (const [index, { isActive, isVisible }] of timeline.entries()) {
          const wasVisible = timeline[index - 1]?.isVisible ?? false;
          activeRun = isActive ? activeRun + 1 : 0;
          if (isVisible && !wasVisible) {
            expect(activeRun).toBeGreaterThanOrEqual(delaySteps);
            shownIndex = index;
          }
          if (!isVisible && wasVisible) {
            expect(isActive).toBe(false);
            expect(visibleRun).toBeGreaterThanOrEqual(minSteps);
          }
          if (activeRun >= delaySteps) expect(isVisible).toBe(true);
          visibleRun = isVisible ? visibleRun + 1 : 0;
          // Idle but still shown: only allowed inside the minimum window.
          if (isVisible && !isActive) expect(index - shownIndex).toBeLessThan(minSteps);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('is visible at once without a delay', () => {
    const { result } = renderHook(() => useDelayedVisibility(true, { delayMs: 0, minVisibleMs: 0 }));
    expect(result.current).toBe(true);
  });
});
