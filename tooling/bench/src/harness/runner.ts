import type { TBenchmark, TBenchmarkRun, TContext } from './benchmark';
import { goalText } from './benchmark';
import { budgetSecondsOf, runWithBudget } from './budget';
import { foreignCores, snapshotCpu, watchBenchBackends } from './foreign-cpu';
import type { TMetricFailure, TMetricResult } from './report';
import { meetsGoal, roundTo, summarisePairs } from './stats';
import { verdictOf } from './verdict';

/** Other work using more than this many cores while we measure makes the figures suspect. */
export const BUSY_FOREIGN_CORES = 0.5;

const DIGITS_BY_UNIT: Record<string, number> = { 'req/s': 0, ms: 1, MiB: 1 };

/** How the runner sees the machine's CPU; replaceable in tests, where the real machine is anyone's. */
export type TCpuProbes = { snapshot: typeof snapshotCpu; watchBackends: () => { stop: () => number } };
const MACHINE: TCpuProbes = { snapshot: snapshotCpu, watchBackends: () => watchBenchBackends() };

export async function runBenchmark(
  benchmark: TBenchmark,
  context: TContext,
  probes: TCpuProbes = MACHINE,
): Promise<TMetricResult> {
  let before = probes.snapshot();
  let backends = probes.watchBackends();
  const started = performance.now();
  let measuredFrom = started;
  // A benchmark's set-up (see TContext.startMeasuring) is left out of the machine's other work.
  const startMeasuring = () => {
    backends.stop();
    before = probes.snapshot();
    backends = probes.watchBackends();
    measuredFrom = performance.now();
  };
  const budgetSeconds = budgetSecondsOf(benchmark, context.mode.name);
  let postgresTicks = 0;
  let run: TBenchmarkRun;
  try {
    run = await runWithBudget(benchmark.name, budgetSeconds, () =>
      benchmark.run({ ...context, startMeasuring }),
    );
  } finally {
    postgresTicks = backends.stop();
  }
  const { samples, details } = run;
  const foreign = foreignCores(before, probes.snapshot(), postgresTicks);
  const summary = summarisePairs(samples, benchmark.direction);
  const digits = DIGITS_BY_UNIT[benchmark.unit] ?? 2;
  const busyReasons = [
    ...(context.machine.isBusy ? [`load average ${context.machine.loadAverage[0].toFixed(2)} at start`] : []),
    ...(foreign > BUSY_FOREIGN_CORES
      ? [`other processes used ${foreign.toFixed(2)} cores during the run`]
      : []),
  ];
  const busy = busyReasons.length > 0;
  const verdict = benchmark.isReportOnly
    ? 'reported'
    : verdictOf(meetsGoal(summary.ratio, benchmark.goalRatio), busy, benchmark.isFixedFloor);
  return {
    metric: benchmark.name,
    ours: roundTo(summary.ours, digits),
    ceiling: roundTo(summary.ceiling, digits),
    ratio: roundTo(summary.ratio, 3),
    goal: goalText(benchmark),
    unit: benchmark.unit,
    pass: verdict === 'pass',
    busy,
    verdict,
    details: {
      direction: benchmark.direction,
      goalRatio: benchmark.goalRatio,
      samples,
      ratios: summary.ratios.map((ratio) => roundTo(ratio, 4)),
      foreignCores: roundTo(foreign, 3),
      // PostgreSQL's CPU for the bench's own databases: ours, not foreign (see foreign-cpu.ts).
      benchPostgresCores: roundTo(
        postgresTicks / 100 / Math.max(1e-9, (performance.now() - measuredFrom) / 1000),
        3,
      ),
      ...(measuredFrom > started
        ? { unmeasuredSetUpSeconds: Math.round((measuredFrom - started) / 1000) }
        : {}),
      busyReasons,
      seconds: Math.round((performance.now() - started) / 1000),
      budgetSeconds,
      ...details,
    },
  };
}

/** Runs every benchmark in turn; one that throws or overruns its budget is recorded and the rest still run. */
export async function runAll(
  benchmarks: TBenchmark[],
  context: TContext,
  onResult: (result: TMetricResult | TMetricFailure) => void | Promise<void>,
  probes: TCpuProbes = MACHINE,
): Promise<{ results: TMetricResult[]; failures: TMetricFailure[] }> {
  const results: TMetricResult[] = [];
  const failures: TMetricFailure[] = [];
  for (const benchmark of benchmarks) {
    const started = performance.now();
    try {
      const result = await runBenchmark(benchmark, context, probes);
      results.push(result);
      await onResult(result);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failure = {
        metric: benchmark.name,
        error: message,
        seconds: Math.round((performance.now() - started) / 1000),
      };
      failures.push(failure);
      context.log(`${benchmark.name} FAILED: ${message}`);
      await onResult(failure);
    }
  }
  return { results, failures };
}
