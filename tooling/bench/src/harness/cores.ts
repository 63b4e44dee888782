import { execFileSync } from 'node:child_process';

/** The method pins the server to core 0 and the load generator (and this harness) to core 1. */
export const SERVER_CORE = 0;
export const LOAD_CORE = 1;

export type TPinning = { isEnabled: boolean };

/** Prefixes a command with `taskset -c <core>` so the exec'd program keeps the spawned pid. */
export function pinned(pinning: TPinning, core: number, command: string, args: string[]): [string, string[]] {
  if (!pinning.isEnabled) return [command, args];
  return ['taskset', ['-c', String(core), command, ...args]];
}

/** Pins this harness too: the readiness poller must not steal the server's core. */
export function pinCurrentProcess(pinning: TPinning, core: number): void {
  if (!pinning.isEnabled) return;
  execFileSync('taskset', ['-p', '-c', String(core), String(process.pid)], { stdio: 'ignore' });
}
