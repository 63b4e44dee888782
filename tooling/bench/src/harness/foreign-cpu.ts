import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { livePids } from './children';

/**
 * How much CPU the rest of the machine used while we measured, in cores. The load average
 * alone cannot tell: our own server and generator push it to ~2 during every run.
 * Ours = this process (with its reaped children: finished load generators) + live children.
 */
export type TCpuSnapshot = { at: number; machineBusy: number; ours: number };

const TICKS_PER_SECOND = 100;

function readMachineBusyTicks(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [, ...fields] = line.trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal: everything but idle and iowait is work.
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return user + nice + system + irq + softirq + steal;
}

function readProcessTicks(pid: number | 'self', withChildren: boolean): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may itself hold spaces, start at the state field (3).
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const [utime = 0, stime = 0, cutime = 0, cstime = 0] = fields.slice(11, 15);
    return utime + stime + (withChildren ? cutime + cstime : 0);
  } catch {
    return 0;
  }
}

export function snapshotCpu(): TCpuSnapshot {
  let ours = readProcessTicks('self', true);
  for (const pid of livePids()) ours += readProcessTicks(pid, false);
  return { at: performance.now(), machineBusy: readMachineBusyTicks(), ours };
}

/** Average cores used by everything that is not us between two snapshots (never below 0). */
export function foreignCores(from: TCpuSnapshot, to: TCpuSnapshot): number {
  const seconds = (to.at - from.at) / 1000;
  if (seconds <= 0) return 0;
  const foreignTicks = to.machineBusy - from.machineBusy - (to.ours - from.ours);
  return Math.max(0, foreignTicks / TICKS_PER_SECOND / seconds);
}
