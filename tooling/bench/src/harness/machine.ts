import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** Above this one-minute load average at the start the machine is shared with other work (issue 16: over 1). */
export const BUSY_LOAD_AVERAGE = 1;

export type TMachine = {
  cpus: number;
  loadAverage: [number, number, number];
  isBusy: boolean;
  hasTaskset: boolean;
  hasWrk: boolean;
  node: string;
};

export function hasCommand(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function countCpus(): number {
  try {
    return Number.parseInt(execFileSync('nproc', { encoding: 'utf8' }).trim(), 10);
  } catch {
    return os.availableParallelism();
  }
}

export function readLoadAverage(): [number, number, number] {
  const [one = 0, five = 0, fifteen = 0] = os.loadavg();
  return [one, five, fifteen];
}

export function checkMachine(): TMachine {
  const loadAverage = readLoadAverage();
  return {
    cpus: countCpus(),
    loadAverage,
    isBusy: loadAverage[0] > BUSY_LOAD_AVERAGE,
    hasTaskset: hasCommand('taskset'),
    hasWrk: hasCommand('wrk'),
    node: process.version,
  };
}
