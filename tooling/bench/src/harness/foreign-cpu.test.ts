import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  childPids,
  creditOrphansOf,
  foreignCores,
  isBenchBackend,
  MIN_WINDOW_SECONDS,
  parseStat,
  snapshotCpu,
  treeTicks,
  watchBenchBackends,
} from './foreign-cpu';

describe('isBenchBackend', () => {
  it("counts the backends and autovacuum of the bench's own databases", () => {
    expect(isBenchBackend('postgres: 15/main: postgres cadence_bench_1a2b3c4d 127.0.0.1(50010) idle')).toBe(
      true,
    );
    expect(isBenchBackend('postgres: 15/main: autovacuum worker cadence_bench_tpl_2000_abc')).toBe(true);
  });

  it("leaves other work's databases and PostgreSQL's shared processes foreign", () => {
    expect(isBenchBackend('postgres: 15/main: postgres cadence_audio_probe 127.0.0.1(50010) idle')).toBe(
      false,
    );
    expect(isBenchBackend('postgres: 15/main: checkpointer')).toBe(false);
    expect(isBenchBackend('node cadence_bench_x.js')).toBe(false);
  });

  it('counts the kept catalogue database (CADENCE_BENCH_CATALOGUE_URL), whatever its name', () => {
    const title = 'postgres: 15/main: postgres cadence_keep_1m 127.0.0.1(50010) idle';
    expect(isBenchBackend(title, 'cadence_keep_1m')).toBe(true);
    expect(isBenchBackend('postgres: 15/main: autovacuum worker cadence_keep_1m', 'cadence_keep_1m')).toBe(
      true,
    );
    expect(isBenchBackend(title, null)).toBe(false);
    expect(
      isBenchBackend(
        'postgres: 15/main: postgres cadence_keep_1m_other 127.0.0.1(1) idle',
        'cadence_keep_1m',
      ),
    ).toBe(false);
  });
});

describe('watchBenchBackends', () => {
  it('counts ticks since the watch began for old backends and since birth for new ones', () => {
    const scans = [
      new Map([[10, 500]]), // at start: pid 10 has 500 ticks already
      new Map([
        [10, 650],
        [11, 40],
      ]), // at stop: pid 11 was born meanwhile
    ];
    const watch = watchBenchBackends(60_000, () => scans.shift() ?? new Map());
    expect(watch.stop()).toBe(150 + 40);
  });

  it('keeps what a backend used before it ended', () => {
    const scans = [new Map<number, number>(), new Map([[12, 30]]), new Map<number, number>()];
    const watch = watchBenchBackends(5, () => scans.shift() ?? new Map());
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        expect(watch.stop()).toBe(30);
        resolve();
      }, 30),
    );
  });
});

describe('foreignCores', () => {
  it("subtracts our children's and our PostgreSQL backends' CPU from the machine's", () => {
    const from = { at: 0, machineBusy: 0, ours: 0 };
    const to = { at: 10_000, machineBusy: 1500, ours: 500 };
    expect(foreignCores(from, to)).toBeCloseTo(1);
    expect(foreignCores(from, to, 800)).toBeCloseTo(0.2);
    expect(foreignCores(from, to, 2000)).toBe(0);
  });

  it('gives no reading for a window shorter than the ticks can resolve', () => {
    const from = { at: 0, machineBusy: 0, ours: 0 };
    // 5 ticks in 5 ms would read as 10 cores on a 2-core machine.
    expect(foreignCores(from, { at: 5, machineBusy: 5, ours: 0 })).toBeNull();
    expect(foreignCores(from, { at: MIN_WINDOW_SECONDS * 1000, machineBusy: 100, ours: 0 })).toBeCloseTo(
      1 / MIN_WINDOW_SECONDS,
    );
  });
});

describe('our share of the CPU', () => {
  it("reads a process's parent and ticks, whatever its name holds", () => {
    // pid (comm) state ppid ... utime stime cutime cstime (fields 14-17).
    const stat = '42 (a (b) c) S 7 42 42 0 -1 4194560 100 0 0 0 30 12 5 3 20 0 1 0';
    expect(parseStat(stat, false)).toEqual({ parent: 7, ticks: 42 });
    expect(parseStat(stat, true)).toEqual({ parent: 7, ticks: 50 });
  });

  it("counts every process below ours (a browser's renderers), not its neighbours", () => {
    const processes = new Map([
      [1, { parent: 0, ticks: 1000 }],
      [10, { parent: 1, ticks: 5 }], // us
      [11, { parent: 10, ticks: 20 }], // the browser we launched
      [12, { parent: 11, ticks: 300 }], // its renderer
      [13, { parent: 12, ticks: 7 }],
      [20, { parent: 1, ticks: 400 }], // someone else's
    ]);
    expect(treeTicks(10, processes)).toBe(332);
    // The renderer ends and the browser reaps it: its ticks move to the browser's reaped count.
    processes.delete(13);
    processes.delete(12);
    processes.set(11, { parent: 10, ticks: 327 });
    expect(treeTicks(10, processes)).toBe(332);
    expect(treeTicks(99, processes)).toBe(0);
  });

  it('counts the CPU a grandchild used while it ran', async () => {
    const before = snapshotCpu();
    // A shell (our child) whose node (our grandchild) spins for 400 ms of its own CPU.
    const shell = spawn(
      'sh',
      [
        '-c',
        `${JSON.stringify(process.execPath)} -e "while (process.cpuUsage().user < 400000); setTimeout(() => {}, 2000)" & wait`,
      ],
      { stdio: 'ignore' },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    let during = snapshotCpu();
    const deadline = Date.now() + 20_000;
    while (during.ours - before.ours < 40 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      during = snapshotCpu();
    }
    // Counted while the grandchild still lives (it sleeps 2 s after spinning): no reaping needed.
    expect(shell.exitCode).toBeNull();
    expect(during.ours - before.ours).toBeGreaterThanOrEqual(40);
    await once(shell, 'exit');
  });

  it("keeps a child's orphans' CPU when it is credited before the child ends", async () => {
    const before = snapshotCpu();
    const known = childPids();
    // The shell (our child) ends first; its node (spinning 300 ms of CPU, then alive 1 s more)
    // becomes an orphan, reaped by init: as Chromium's renderers when the browser closes.
    const shell = spawn(
      'sh',
      [
        '-c',
        `${JSON.stringify(process.execPath)} -e "while (process.cpuUsage().user < 300000); setTimeout(() => {}, 1000)" & sleep 30`,
      ],
      { stdio: 'ignore' },
    );
    await once(shell, 'spawn');
    expect([...childPids()].filter((pid) => !known.has(pid))).toEqual([shell.pid]);
    const deadline = Date.now() + 20_000;
    while (snapshotCpu().ours - before.ours < 30 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    creditOrphansOf(shell.pid as number);
    shell.kill('SIGKILL');
    await once(shell, 'exit');
    // The orphan is no longer below us, yet what it used stays counted.
    expect(snapshotCpu().ours - before.ours).toBeGreaterThanOrEqual(30);
  });
});
