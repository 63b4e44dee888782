import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  BudgetExceededError,
  budgetSecondsOf,
  CATALOGUE_BUILD_SECONDS,
  DEFAULT_EXPECTED_SECONDS,
  runPlan,
  runWithBudget,
} from './budget';
import { track } from './children';

function sleeper(): ChildProcess {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  track(child);
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<string | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.signalCode);
    else child.once('exit', (_code, signal) => resolve(signal));
  });

describe('runWithBudget', () => {
  it('returns what the work returns within its budget', async () => {
    await expect(runWithBudget('quick', 5, async () => 42)).resolves.toBe(42);
  });

  it('passes a failure of the work through unchanged', async () => {
    await expect(
      runWithBudget('broken', 5, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
  });

  it('rejects an overrun and kills the processes the work started, even deep in its async calls', async () => {
    let child: ChildProcess | undefined;
    const work = async () => {
      await sleep(1);
      child = sleeper();
      await new Promise(() => {}); // hangs forever, as a stuck benchmark would
    };
    const error = await runWithBudget('stuck', 0.2, work).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect((error as BudgetExceededError).message).toContain('stuck exceeded its 0.2 s budget');
    expect((error as BudgetExceededError).killed).toBe(1);
    expect(await exited(child as ChildProcess)).toBe('SIGKILL');
  });

  it('kills a child the overrun work starts after its budget expired', async () => {
    let late: ChildProcess | undefined;
    const work = async () => {
      await sleep(400);
      late = sleeper();
    };
    await expect(runWithBudget('late', 0.1, work)).rejects.toBeInstanceOf(BudgetExceededError);
    await sleep(500);
    expect(late).toBeDefined();
    expect(await exited(late as ChildProcess)).toBe('SIGKILL');
  });

  it("does not kill another benchmark's children", async () => {
    let other: ChildProcess | undefined;
    const outside = runWithBudget('other', 5, async () => {
      other = sleeper();
      await sleep(400);
      return other.exitCode === null && other.signalCode === null;
    });
    await expect(runWithBudget('stuck', 0.1, () => new Promise(() => {}))).rejects.toBeInstanceOf(
      BudgetExceededError,
    );
    await expect(outside).resolves.toBe(true);
    expect(await exited(other as ChildProcess)).toBe('SIGKILL'); // closed when its own work ended
  });

  it("leaves the run's shared set-up off the clock, but still stops work that overruns after it", async () => {
    // 0.3 s of set-up inside a 0.2 s budget: the set-up does not count, the 0.05 s after it does.
    await expect(
      runWithBudget('after-set-up', 0.2, async (clock) => {
        await clock.exclude(() => sleep(300));
        await sleep(50);
        return 'done';
      }),
    ).resolves.toBe('done');
    // The clock counts what ran before the set-up too: 0.15 s + 0.15 s is past 0.2 s.
    await expect(
      runWithBudget('before-and-after', 0.2, async (clock) => {
        await sleep(150);
        await clock.exclude(() => sleep(100));
        await sleep(150);
      }),
    ).rejects.toBeInstanceOf(BudgetExceededError);
  });

  it('stops the clock once for set-ups that overlap', async () => {
    await expect(
      runWithBudget('overlapping', 0.2, async (clock) => {
        await Promise.all([clock.exclude(() => sleep(300)), clock.exclude(() => sleep(250))]);
        return 'done';
      }),
    ).resolves.toBe('done');
  });
});

describe('budgets', () => {
  it('gives a benchmark twice its expected time plus a minute, and more in smoke mode (busy CI)', () => {
    expect(budgetSecondsOf({ expectedSeconds: { full: 100, smoke: 10 } }, 'full')).toBe(260);
    expect(budgetSecondsOf({ expectedSeconds: { full: 100, smoke: 10 } }, 'smoke')).toBe(150);
  });

  it('allows a catalogue user to build the template on its first run', () => {
    const plain = budgetSecondsOf({ expectedSeconds: { full: 100, smoke: 10 } }, 'full');
    expect(budgetSecondsOf({ expectedSeconds: { full: 100, smoke: 10 }, usesCatalogue: true }, 'full')).toBe(
      plain + CATALOGUE_BUILD_SECONDS.full,
    );
  });

  it('sums the expected times and the budgets of a run', () => {
    const plan = runPlan([{ expectedSeconds: { full: 100, smoke: 10 } }, {}], 'full');
    expect(plan.expectedSeconds).toBe(100 + DEFAULT_EXPECTED_SECONDS.full);
    expect(plan.budgetSeconds).toBe(260 + 2 * DEFAULT_EXPECTED_SECONDS.full + 60);
  });

  it('counts a group sharing one run once', () => {
    const member = { expectedSeconds: { full: 100, smoke: 10 }, group: 'album' };
    expect(runPlan([member, member, member], 'full')).toEqual({ expectedSeconds: 100, budgetSeconds: 260 });
  });
});
