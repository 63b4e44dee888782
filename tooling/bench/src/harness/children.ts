import type { ChildProcess } from 'node:child_process';

/** Every process the harness starts, so that none outlives it on exit, error or signal. */
const live = new Set<ChildProcess>();
let isInstalled = false;

export function track(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
}

export function livePids(): number[] {
  return [...live].flatMap((child) => (child.pid === undefined ? [] : [child.pid]));
}

export function killAllNow(): void {
  for (const child of live) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
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
