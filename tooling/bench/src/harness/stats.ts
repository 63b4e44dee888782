/** Pure statistics for A/B benchmark rounds: medians, ratios and the goal verdict. */

/** Which way a ratio is formed so that a bigger ratio is always better. */
export type TRatioDirection = 'ours-over-ceiling' | 'ceiling-over-ours';

export type TPairedSample = { ceiling: number; ours: number };

export type TPairedSummary = {
  ceiling: number;
  ours: number;
  ratio: number;
  ratios: number[];
};

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle]!;
  return (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** NaN when the divisor is zero: a ratio against nothing has no meaning, and NaN never passes a goal. */
export function ratioOf(sample: TPairedSample, direction: TRatioDirection): number {
  const [numerator, denominator] =
    direction === 'ours-over-ceiling' ? [sample.ours, sample.ceiling] : [sample.ceiling, sample.ours];
  if (denominator === 0) return Number.NaN;
  return numerator / denominator;
}

/**
 * The ratio is the median of per-pair ratios (each ours paired with the ceiling measured just
 * before it), not the ratio of medians: pairing cancels the machine drifting between pairs.
 */
export function summarisePairs(
  samples: readonly TPairedSample[],
  direction: TRatioDirection,
): TPairedSummary {
  const ratios = samples.map((sample) => ratioOf(sample, direction));
  return {
    ceiling: median(samples.map((sample) => sample.ceiling)),
    ours: median(samples.map((sample) => sample.ours)),
    ratio: median(ratios),
    ratios,
  };
}

export function meetsGoal(ratio: number, goal: number): boolean {
  return Number.isFinite(ratio) && ratio >= goal;
}

export function roundTo(value: number, digits: number): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
