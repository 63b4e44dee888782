import { AsyncLocalStorage } from 'node:async_hooks';
import type { ChildProcess } from 'node:child_process';

/** Every process the harness starts, so that none outlives it on exit, error or signal. */
const live = new Set<ChildProcess>();
let isInstalled = false;

/**
 * The children one benchmark started. The scope follows the benchmark's async work (not a
 * global "current benchmark"), so a benchmark killed for overrunning its budget that is still
 * unwinding cannot hand its late children to the next one: they land in its closed scope and
 * are killed at once.
 */
export type TChildScope = { name: string; children: Set<ChildProcess>; isClosed: boolean };

const scopes = new AsyncLocalStorage<TChildScope>();

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

export function track(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
  const scope = scopes.getStore();
  if (scope === undefined) return;
  if (scope.isClosed) {
    child.kill('SIGKILL');
    return;
  }
  scope.children.add(child);
  child.once('exit', () => scope.children.delete(child));
}

/** Runs `work` with every child it tracks (however deep in its async calls) in a new scope. */
export function runInScope<T>(
  name: string,
  work: () => Promise<T>,
): { scope: TChildScope; result: Promise<T> } {
  const scope: TChildScope = { name, children: new Set(), isClosed: false };
  return { scope, result: scopes.run(scope, work) };
}

/** Kills the scope's live children now and any it starts later. */
export function closeScope(scope: TChildScope): number {
  scope.isClosed = true;
  let killed = 0;
  for (const child of scope.children) {
    if (isRunning(child)) {
      child.kill('SIGKILL');
      killed += 1;
    }
  }
  scope.children.clear();
  return killed;
}

export function killAllNow(): void {
  for (const child of live) {
    if (isRunning(child)) child.kill('SIGKILL');
  }
  live.clear();
}

/** Installs the exit and signal hooks once; a signal ends the run with 128 + its number. */
export function installCleanup(): void {
  if (isInstalled) return;
  isInstalled = true;
  process.on('exit', killAllNow);
  const signals: Array<[NodeJS.Signals, number]> = [
    ['SIGINT', 2],
    ['SIGTERM', 15],
    ['SIGHUP', 1],
  ];
  for (const [signal, number] of signals) {
    process.on(signal, () => {
      process.stderr.write(`\nbench: ${signal} received, stopping servers and load generators\n`);
      killAllNow();
      process.exit(128 + number);
    });
  }
}
