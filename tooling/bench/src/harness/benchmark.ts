import type { TPinning } from './cores';
import type { TGeneratorName } from './load-generator';
import type { TMachine } from './machine';
import type { TMode, TModeName } from './modes';
import type { TPairedSample, TRatioDirection } from './stats';
import type { TTarget } from './targets';

export type TContext = {
  mode: TMode;
  machine: TMachine;
  pinning: TPinning;
  generator: TGeneratorName;
  ceiling: () => Promise<TTarget>;
  ours: () => Promise<TTarget>;
  /** Embedded mode only (not postgres, not self-check): bare Fastify + an empty PGlite, PGlite's own share. */
  emptyPglite?: () => Promise<TTarget>;
  log: (message: string) => void;
  /**
   * Called by a benchmark once its set-up is done (a 1M catalogue copied, settled by VACUUM and a
   * CHECKPOINT): the machine's other work is counted from here on, not during the set-up, whose
   * writes PostgreSQL's shared processes and the kernel flush on their own time. The runner's
   * context has it; without a call the whole run is counted.
   */
  startMeasuring?: () => void;
};

export type TBenchmarkRun = {
  samples: TPairedSample[];
  /** Anything worth keeping in the results file (latencies, first start time, ...). */
  details?: Record<string, unknown>;
};

export type TBenchmark = {
  name: string;
  unit: string;
  direction: TRatioDirection;
  /** The ratio must be at least this; with `direction` it states the goal of issue 2. */
  goalRatio: number;
  /** A figure reported for reference only (e.g. against a hello-world): no goal, no pass or miss. */
  isReportOnly?: boolean;
  /**
   * The ceiling column is a fixed floor (the goal itself), not a figure measured in the run: a busy
   * machine can only pull ours down, so a goal met while busy still passes (see verdict.ts).
   */
  isFixedFloor?: boolean;
  /** The goal in words, e.g. "ours <= 3x ceiling". */
  goalWords: string;
  run: (context: TContext) => Promise<TBenchmarkRun>;
  /**
   * How long one run takes on a quiet 2-core machine, per mode (from its rounds, warm-ups,
   * measured seconds and set-up). Sets its budget and the run's announced duration. Members of a
   * group state the time of the shared run (any one of them may be run alone).
   */
  expectedSeconds?: Record<TModeName, number>;
  /** Benchmarks whose figures come from one shared run (see budget.ts). */
  group?: string;
  /** Its first run may build the catalogue template (minutes at 1M tracks): the budget allows for it. */
  usesCatalogue?: boolean;
};

/** How the goal reads in the JSON line and the table: the threshold and which way the ratio goes. */
export function goalText(benchmark: TBenchmark): string {
  const ceiling = benchmark.isFixedFloor ? 'goal' : 'ceiling';
  const formula = benchmark.direction === 'ours-over-ceiling' ? `ours/${ceiling}` : `${ceiling}/ours`;
  if (benchmark.isReportOnly) return `reported, no goal (ratio = ${formula}; ${benchmark.goalWords})`;
  return `ratio >= ${benchmark.goalRatio} (ratio = ${formula}; ${benchmark.goalWords})`;
}
