import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * How much CPU the rest of the machine used while we measured, in cores. The load average
 * alone cannot tell: our own server and generator push it to ~2 during every run.
 * Ours = this process and every live process below it (its children and theirs: Chromium's
 * renderers, GPU and utility processes are the browser's children, not ours), each with what its
 * reaped children used (finished load generators, a renderer that ended).
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

/** A process's parent and CPU ticks, from its `/proc/<pid>/stat` text. */
export function parseStat(stat: string, withChildren: boolean): { parent: number; ticks: number } {
  // Fields after the command name, which may itself hold spaces, start at the state field (3).
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  const [utime = 0, stime = 0, cutime = 0, cstime = 0] = fields.slice(11, 15);
  return { parent: fields[1] ?? 0, ticks: utime + stime + (withChildren ? cutime + cstime : 0) };
}

function readProcessTicks(pid: number, withChildren: boolean): number {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'), withChildren).ticks;
  } catch {
    return 0;
  }
}

/**
 * The CPU ticks of `root` and of every process below it in `processes` (pid -> parent and
 * ticks, reaped children included). A process that ended moved its ticks to its parent's reaped
 * count, so between two readings nothing is lost or counted twice while the tree holds.
 */
export function treeTicks(root: number, processes: ReadonlyMap<number, { parent: number; ticks: number }>) {
  const children = new Map<number, number[]>();
  for (const [pid, { parent }] of processes) {
    const siblings = children.get(parent);
    if (siblings) siblings.push(pid);
    else children.set(parent, [pid]);
  }
  let ticks = 0;
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    ticks += processes.get(pid)?.ticks ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return ticks;
}

function readProcesses(): Map<number, { parent: number; ticks: number }> {
  const processes = new Map<number, { parent: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      processes.set(Number(entry), parseStat(readFileSync(`/proc/${entry}/stat`, 'utf8'), true));
    } catch {
      // Ended while we read.
    }
  }
  return processes;
}

/** Ticks of processes of ours that ended outside our tree (see `creditOrphansOf`). */
let orphanTicks = 0;

/**
 * Counts as ours what the processes below `pid` (a child of ours) have used so far: call it right
 * before that child ends when its own children outlive it. Chromium's browser process does not
 * reap its zygote and renderers when it closes: they end as orphans, reaped by init, and their
 * CPU never reached our count (every click-to-sound run read "other processes used 0.6 cores").
 */
export function creditOrphansOf(pid: number): void {
  const processes = readProcesses();
  orphanTicks += treeTicks(pid, processes) - (processes.get(pid)?.ticks ?? 0);
}

/** Our children now, by pid: to tell which one a launch started. */
export function childPids(): Set<number> {
  const children = new Set<number>();
  for (const [pid, { parent }] of readProcesses()) if (parent === process.pid) children.add(pid);
  return children;
}

export function snapshotCpu(): TCpuSnapshot {
  const ours = treeTicks(process.pid, readProcesses()) + orphanTicks;
  return { at: performance.now(), machineBusy: readMachineBusyTicks(), ours };
}

/**
 * The shortest window whose reading means anything. The kernel counts CPU in ticks of 10 ms, per
 * CPU and per process, and the snapshot reads them one file at a time while both cores run: a
 * few ticks of skew are noise over seconds but whole cores over milliseconds. A benchmark that
 * only reads figures measured earlier (the audio group's second to fourth) ends in a few ms:
 * `audio-range-256k` read "other processes used 9.47 cores" on 2 cores that way (2026-11-30 16:32).
 */
export const MIN_WINDOW_SECONDS = 2;

/**
 * Average cores used by everything that is not us between two snapshots (never below 0), or
 * null when the window is too short to tell (see MIN_WINDOW_SECONDS).
 * `alsoOursTicks`: CPU of processes working for us that are not our children (PostgreSQL's
 * backends serving our databases, see `watchBenchBackends`).
 */
export function foreignCores(from: TCpuSnapshot, to: TCpuSnapshot, alsoOursTicks = 0): number | null {
  const seconds = (to.at - from.at) / 1000;
  if (seconds < MIN_WINDOW_SECONDS) return null;
  const foreignTicks = to.machineBusy - from.machineBusy - (to.ours - from.ours) - alsoOursTicks;
  return Math.max(0, foreignTicks / TICKS_PER_SECOND / seconds);
}

/** The database `CADENCE_BENCH_CATALOGUE_URL` names (kept between runs, see catalogue.ts), if any. */
function keptDatabase(): string | null {
  const url = process.env.CADENCE_BENCH_CATALOGUE_URL;
  if (!url) return null;
  try {
    return decodeURIComponent(new URL(url).pathname.slice(1)) || null;
  } catch {
    return null;
  }
}

/**
 * A PostgreSQL backend (or autovacuum worker) of one of the bench's own databases: its process
 * title names the database (`postgres: 15/main: postgres cadence_bench_1a2b 127.0.0.1(5432) idle`).
 * The benchmarks create every database they use under that prefix; other work's databases do not.
 * The kept catalogue (`CADENCE_BENCH_CATALOGUE_URL`, any name) is the bench's too: its backends
 * read as other work made every smart-playlists run on it busy.
 */
export function isBenchBackend(title: string, kept: string | null = keptDatabase()): boolean {
  if (!title.startsWith('postgres: ')) return false;
  if (/^postgres: .*\bcadence_bench_\w+/.test(title)) return true;
  return kept !== null && title.split(' ').includes(kept);
}

/** Live bench backends and their CPU ticks so far. */
function scanBenchBackends(): Map<number, number> {
  const found = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let title: string;
    try {
      title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {
      continue;
    }
    if (isBenchBackend(title)) found.set(Number(entry), readProcessTicks(Number(entry), false));
  }
  return found;
}

/**
 * PostgreSQL's work for us is not a child of ours, yet without it every database benchmark reads
 * busy on a quiet machine (PostgreSQL used ~1 core in the quiet runs of 2026-11-26). Samples the
 * bench's backends while a benchmark runs and returns the CPU they used; a backend that ends
 * between two samples loses at most its last interval. `scan` is injectable for tests.
 */
export function watchBenchBackends(intervalMs = 500, scan: () => Map<number, number> = scanBenchBackends) {
  const seen = new Map<number, { base: number; last: number }>();
  // Backends alive at the start count from their ticks then; later ones from birth (0).
  for (const [pid, ticks] of scan()) seen.set(pid, { base: ticks, last: ticks });
  const sample = () => {
    for (const [pid, ticks] of scan()) {
      const known = seen.get(pid);
      if (known) known.last = Math.max(known.last, ticks);
      else seen.set(pid, { base: 0, last: ticks });
    }
  };
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    /** Stops sampling; the ticks the bench's backends used since the watch began. */
    stop: (): number => {
      sample();
      clearInterval(timer);
      let ticks = 0;
      for (const { base, last } of seen.values()) ticks += last - base;
      return ticks;
    },
  };
}
