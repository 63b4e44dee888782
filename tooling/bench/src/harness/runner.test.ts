import { describe, expect, it } from 'vitest';
import type { TBenchmark, TContext } from './benchmark';
import { MODES } from './modes';
import type { TMetricFailure, TMetricResult } from './report';
import { runAll, type TCpuProbes } from './runner';

/** A machine where nothing else runs, or where other work takes a whole core. */
function machine(foreignCores: number): TCpuProbes {
  let at = 0;
  return {
    snapshot: () => {
      at += 10_000;
      return { at, machineBusy: (at / 1000) * 100 * foreignCores, ours: 0 };
    },
    watchBackends: () => ({ stop: () => 0 }),
  };
}

function context(isBusy: boolean): TContext {
  const unused = () => Promise.reject(new Error('not used'));
  return {
    mode: MODES.smoke,
    machine: {
      cpus: 2,
      loadAverage: [isBusy ? 3 : 0.2, 0, 0],
      isBusy,
      hasTaskset: false,
      hasWrk: false,
      node: 'v',
    },
    pinning: { isEnabled: false },
    generator: 'autocannon',
    ceiling: unused,
    ours: unused,
    log: () => {},
  };
}

const benchmark = (name: string, run: TBenchmark['run'], extra: Partial<TBenchmark> = {}): TBenchmark => ({
  name,
  unit: 'req/s',
  direction: 'ours-over-ceiling',
  goalRatio: 0.5,
  goalWords: 'ours >= 0.5x ceiling',
  run,
  ...extra,
});

const passing = (name: string, extra: Partial<TBenchmark> = {}) =>
  benchmark(name, async () => ({ samples: [{ ceiling: 100, ours: 80 }] }), extra);

describe('runAll', () => {
  it('records a failing benchmark and still runs and keeps the others', async () => {
    const seen: Array<TMetricResult | TMetricFailure> = [];
    const { results, failures } = await runAll(
      [
        passing('first'),
        benchmark('broken', async () => {
          throw new Error('server did not start');
        }),
        passing('last'),
      ],
      context(false),
      (entry) => {
        seen.push(entry);
      },
      machine(0),
    );
    expect(results.map((result) => result.metric)).toEqual(['first', 'last']);
    expect(failures).toEqual([expect.objectContaining({ metric: 'broken', error: 'server did not start' })]);
    expect(seen.map((entry) => entry.metric)).toEqual(['first', 'broken', 'last']);
  });

  it('passes a met goal on a quiet machine and reports it unmeasured on a busy one', async () => {
    const quiet = await runAll([passing('a')], context(false), () => {}, machine(0));
    expect(quiet.results[0]).toMatchObject({ verdict: 'pass', pass: true, ratio: 0.8 });
    const busy = await runAll([passing('a')], context(true), () => {}, machine(0));
    expect(busy.results[0]).toMatchObject({ verdict: 'unmeasured (busy)', pass: false, busy: true });
    expect(busy.results[0]?.details.busyReasons).toEqual(['load average 3.00 at start']);
    const shared = await runAll([passing('a')], context(false), () => {}, machine(1));
    expect(shared.results[0]).toMatchObject({ verdict: 'unmeasured (busy)', busy: true });
    expect(shared.results[0]?.details.busyReasons).toEqual([
      'other processes used 1.00 cores during the run',
    ]);
  });

  it("leaves a benchmark's set-up, before it calls startMeasuring, out of the machine's other work", async () => {
    // Other work takes both cores while the set-up runs (a catalogue copy's checkpoint), then stops.
    let at = 0;
    let foreign = 2;
    let busyTicks = 0;
    const probes: TCpuProbes = {
      snapshot: () => {
        at += 10_000;
        busyTicks += 10 * 100 * foreign;
        return { at, machineBusy: busyTicks, ours: 0 };
      },
      watchBackends: () => ({ stop: () => 0 }),
    };
    const settled = benchmark('settled', async (ctx) => {
      probes.snapshot(); // the set-up's ten seconds
      foreign = 0;
      ctx.startMeasuring?.();
      return { samples: [{ ceiling: 100, ours: 80 }] };
    });
    const unsettled = benchmark('unsettled', async () => {
      probes.snapshot();
      foreign = 0;
      return { samples: [{ ceiling: 100, ours: 80 }] };
    });
    const first = await runAll([settled], context(false), () => {}, probes);
    expect(first.results[0]).toMatchObject({ verdict: 'pass', busy: false });
    foreign = 2;
    const second = await runAll([unsettled], context(false), () => {}, probes);
    expect(second.results[0]).toMatchObject({ verdict: 'unmeasured (busy)', busy: true });
  });

  it("reads the machine of a group's shared run for the members that only read its figures", async () => {
    // The audio group of 2026-11-30 16:32: the first member measures for minutes on a quiet
    // machine, the next reads the figures in 5 ms during which 5 ticks (50 ms of CPU over both
    // cores, a /proc scan's worth) went by: alone that window reads 10 cores of other work.
    const windows = [
      { seconds: 300, busyTicks: 0 },
      { seconds: 0.005, busyTicks: 5 },
    ];
    let at = 0;
    let machineBusy = 0;
    let isStart = true;
    const probes: TCpuProbes = {
      snapshot: () => {
        if (!isStart) {
          const window = windows.shift() ?? { seconds: 10, busyTicks: 0 };
          at += window.seconds * 1000;
          machineBusy += window.busyTicks;
        }
        isStart = !isStart;
        return { at, machineBusy, ours: 0 };
      },
      watchBackends: () => ({ stop: () => 0 }),
    };
    const { results } = await runAll(
      [passing('audio-whole-file', { group: 'audio' }), passing('audio-range-256k', { group: 'audio' })],
      context(false),
      () => {},
      probes,
    );
    expect(results.map((result) => result.busy)).toEqual([false, false]);
    expect(results[1]?.details).toMatchObject({ foreignCores: 0, cpuReadIn: 'audio-whole-file' });
  });

  it('reads no other work from a window too short to tell', async () => {
    let at = 0;
    let machineBusy = 0;
    const probes: TCpuProbes = {
      snapshot: () => {
        at += 5;
        machineBusy += 5;
        return { at, machineBusy, ours: 0 };
      },
      watchBackends: () => ({ stop: () => 0 }),
    };
    const { results } = await runAll([passing('quick')], context(false), () => {}, probes);
    expect(results[0]).toMatchObject({ busy: false, verdict: 'pass' });
    expect(results[0]?.details.foreignCores).toBeNull();
  });

  it('gives a report-only figure no verdict of pass or miss', async () => {
    const { results } = await runAll(
      [passing('hello', { isReportOnly: true })],
      context(true),
      () => {},
      machine(0),
    );
    expect(results[0]).toMatchObject({ verdict: 'reported', pass: false });
    expect(results[0]?.goal).toMatch(/^reported, no goal/);
  });
});
