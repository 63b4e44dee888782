import type { TModeName } from './modes';

/**
 * A goal met on a busy machine is not a pass: other work on the two cores compresses ratios
 * toward 1 (the load generator, not the api, sets both sides), so such a figure cannot vouch
 * for the goal. A miss stays a miss (flagged busy), since the figure was still measured. A fixed
 * floor (a throughput the goal names, no twin) met on a busy machine passes: busy only lowers ours.
 * `reported` is a figure without a goal (a reference ratio, e.g. against a hello-world).
 */
export type TVerdict = 'pass' | 'miss' | 'unmeasured (busy)' | 'reported';

export function verdictOf(meetsGoal: boolean, isBusy: boolean, isFixedFloor = false): TVerdict {
  if (!meetsGoal) return 'miss';
  return isBusy && !isFixedFloor ? 'unmeasured (busy)' : 'pass';
}

/**
 * Goals are reported, not enforced: a miss does not fail the command. A benchmark that could
 * not run (error, budget) fails it; so does, in full mode, a goal the run cannot vouch for. The
 * smoke mode only proves the benchmarks run (CI machines are always busy), so busy is no error there.
 */
export function exitCodeOf(
  mode: TModeName,
  results: ReadonlyArray<{ verdict: TVerdict }>,
  failures: ReadonlyArray<unknown>,
): 0 | 1 {
  if (failures.length > 0) return 1;
  if (mode === 'full' && results.some((result) => result.verdict === 'unmeasured (busy)')) return 1;
  return 0;
}
