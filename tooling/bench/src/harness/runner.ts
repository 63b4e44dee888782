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

/** What other work did while a benchmark measured, and which benchmark's window it was read in. */
type TCpuReading = { foreign: number | null; postgresCores: number; readIn: string };

/**
 * The reading of the window that measured a group's figures (see TBenchmark.group): the first of
 * the group to run does the shared work, the others only read its figures in a few ms, a window
 * that says nothing about the machine while they were measured.
 */
function readingOf(
  benchmark: TBenchmark,
  own: TCpuReading,
  groupReadings: Map<string, TCpuReading>,
): TCpuReading {
  if (benchmark.group === undefined) return own;
  const shared = groupReadings.get(benchmark.group);
  if (shared !== undefined) return shared;
  groupReadings.set(benchmark.group, own);
  return own;
}

export async function runBenchmark(
  benchmark: TBenchmark,
  context: TContext,
  probes: TCpuProbes = MACHINE,
  groupReadings: Map<string, TCpuReading> = new Map(),
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
  const { emptyPglite } = context;
  let postgresTicks = 0;
  let run: TBenchmarkRun;
  try {
    run = await runWithBudget(benchmark.name, budgetSeconds, (clock) =>
      benchmark.run({
        ...context,
        // The targets are the run's shared set-up: the first benchmark to ask does not pay for them.
        ceiling: () => clock.exclude(context.ceiling),
        ours: () => clock.exclude(context.ours),
        ...(emptyPglite ? { emptyPglite: () => clock.exclude(emptyPglite) } : {}),
        startMeasuring,
      }),
    );
  } finally {
    postgresTicks = backends.stop();
  }
  const { samples, details } = run;
  const reading = readingOf(
    benchmark,
    {
      foreign: foreignCores(before, probes.snapshot(), postgresTicks),
      // PostgreSQL's CPU for the bench's own databases: ours, not foreign (see foreign-cpu.ts).
      postgresCores: postgresTicks / 100 / Math.max(1e-9, (performance.now() - measuredFrom) / 1000),
      readIn: benchmark.name,
    },
    groupReadings,
  );
  const { foreign } = reading;
  const summary = summarisePairs(samples, benchmark.direction);
  const digits = DIGITS_BY_UNIT[benchmark.unit] ?? 2;
  const busyReasons = [
    ...(context.machine.isBusy ? [`load average ${context.machine.loadAverage[0].toFixed(2)} at start`] : []),
    ...(foreign !== null && foreign > BUSY_FOREIGN_CORES
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
      // null: a window too short to read (see MIN_WINDOW_SECONDS).
      foreignCores: foreign === null ? null : roundTo(foreign, 3),
      benchPostgresCores: roundTo(reading.postgresCores, 3),
      ...(reading.readIn !== benchmark.name ? { cpuReadIn: reading.readIn } : {}),
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
  const groupReadings = new Map<string, TCpuReading>();
  for (const benchmark of benchmarks) {
    const started = performance.now();
    try {
      const result = await runBenchmark(benchmark, context, probes, groupReadings);
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
