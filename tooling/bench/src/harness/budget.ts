import { closeScope, runInScope } from './children';
import type { TModeName } from './modes';

export class BudgetExceededError extends Error {
  constructor(
    readonly benchmark: string,
    readonly budgetSeconds: number,
    readonly killed: number,
  ) {
    super(
      `${benchmark} exceeded its ${budgetSeconds} s budget: stopped (${killed} of its processes killed); the other benchmarks still run`,
    );
  }
}

/** Lets a benchmark's shared set-up run off its clock (see `runWithBudget`). */
export type TBudgetClock = {
  /**
   * Runs `setUp` with the budget's clock stopped: the run's shared preparation (the api's
   * database migrated and seeded on its first use, minutes on a busy machine) belongs to no one
   * benchmark, so it must not spend the budget of whichever happens to ask for it first. The run's
   * backstop (the sum of the budgets) still bounds it.
   */
  exclude<T>(setUp: () => Promise<T>): Promise<T>;
};

/**
 * Runs one benchmark within its own time budget. Past the budget its processes (servers, load
 * generators, psql...) are killed and the call rejects, so one benchmark that hangs or overruns
 * costs its budget only and the run goes on. Whatever way it ends, children it left running are
 * killed before the next benchmark starts.
 */
export async function runWithBudget<T>(
  name: string,
  budgetSeconds: number,
  work: (clock: TBudgetClock) => Promise<T>,
): Promise<T> {
  let remainingMs = budgetSeconds * 1000;
  let armedAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let excluded = 0;
  let isSettled = false;
  let expire: () => void = () => {};
  const arm = () => {
    armedAt = performance.now();
    timer = setTimeout(() => expire(), Math.max(0, remainingMs));
  };
  const pause = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    remainingMs -= performance.now() - armedAt;
  };
  const clock: TBudgetClock = {
    async exclude(setUp) {
      if (excluded++ === 0) pause();
      try {
        return await setUp();
      } finally {
        if (--excluded === 0 && !isSettled) arm();
      }
    },
  };
  let scope: ReturnType<typeof runInScope>['scope'] | undefined;
  const overrun = new Promise<never>((_, reject) => {
    expire = () => reject(new BudgetExceededError(name, budgetSeconds, scope ? closeScope(scope) : 0));
  });
  arm();
  const started = runInScope(name, () => work(clock));
  scope = started.scope;
  const { result } = started;
  // The work may reject after we gave up on it; that rejection is expected and must not crash the run.
  result.catch(() => {});
  try {
    return await Promise.race([result, overrun]);
  } finally {
    isSettled = true;
    clearTimeout(timer);
    closeScope(scope);
  }
}

/** What a benchmark that states nothing is expected to take. */
export const DEFAULT_EXPECTED_SECONDS: Record<TModeName, number> = { full: 120, smoke: 30 };
/** Building a catalogue template once: the 1M COPY, its indexes and VACUUM ANALYZE (see catalogue-template.ts). */
export const CATALOGUE_BUILD_SECONDS: Record<TModeName, number> = { full: 600, smoke: 60 };

export type TBudgeted = {
  expectedSeconds?: Record<TModeName, number>;
  usesCatalogue?: boolean;
  /** Benchmarks whose figures come from one shared run: the group's time counts once. */
  group?: string;
};

export function expectedSecondsOf(benchmark: TBudgeted, mode: TModeName): number {
  return (benchmark.expectedSeconds ?? DEFAULT_EXPECTED_SECONDS)[mode];
}

/**
 * Full mode: twice the expected time plus a minute, generous enough that a slow start does not
 * kill honest work, tight enough that a stuck benchmark cannot eat the run. Smoke mode: three
 * times plus two minutes, because CI runs it on busy machines (beside the browser tests) and a
 * smoke run must fail for a broken benchmark, not for a slow machine.
 */
const FACTOR: Record<TModeName, number> = { full: 2, smoke: 3 };
const SLACK_SECONDS: Record<TModeName, number> = { full: 60, smoke: 120 };

export function budgetSecondsOf(benchmark: TBudgeted, mode: TModeName): number {
  const catalogue = benchmark.usesCatalogue ? CATALOGUE_BUILD_SECONDS[mode] : 0;
  return Math.ceil(FACTOR[mode] * expectedSecondsOf(benchmark, mode) + SLACK_SECONDS[mode] + catalogue);
}

/** The whole run's expected duration and its hard limit (the sum of the budgets). */
export function runPlan(benchmarks: readonly TBudgeted[], mode: TModeName) {
  let expected = 0;
  let budget = 0;
  const groups = new Set<string>();
  for (const benchmark of benchmarks) {
    // The first of a group runs the shared work; the others read its figures (a moment each).
    if (benchmark.group !== undefined) {
      if (groups.has(benchmark.group)) continue;
      groups.add(benchmark.group);
    }
    expected += expectedSecondsOf(benchmark, mode);
    budget += budgetSecondsOf(benchmark, mode);
  }
  return { expectedSeconds: expected, budgetSeconds: budget };
}
